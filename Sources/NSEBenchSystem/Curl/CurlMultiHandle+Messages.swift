import CCurl

/// Reading finished transfers one at a time, without collecting them into an array.
extension CurlMultiHandle {
    /// The next finished transfer (`curl_multi_info_read`): its raw `CURL *` and result code, or nil
    /// when none is left. The transfer stays attached; ``remove(_:)`` it.
    func nextCompletion() -> (easy: UnsafeMutableRawPointer, code: CURLcode)? {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(raw, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            return (easy, message.pointee.data.result)
        }
        return nil
    }
}

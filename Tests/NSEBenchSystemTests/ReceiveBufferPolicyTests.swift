import Testing

@testable import NSEBenchSystem

@Suite struct ReceiveBufferPolicyTests {
    @Test func fewTransfersInFlightGetTheLargeBufferAndManyTheSmallOne() {
        #expect(ReceiveBufferPolicy.bytes(inFlight: 0) == 65_535)
        #expect(ReceiveBufferPolicy.bytes(inFlight: 511) == 65_535, "the 512th transfer still gets it")
        #expect(ReceiveBufferPolicy.bytes(inFlight: 512) == DownloadRequest.defaultReceiveBufferBytes)
        #expect(ReceiveBufferPolicy.bytes(inFlight: 10_000) == 8_191)
    }

    @Test func bothBuffersAreOnesLibcurlAccepts() {
        #expect(DownloadRequest.receiveBufferRange.contains(ReceiveBufferPolicy.largeBufferBytes))
        #expect(DownloadRequest.receiveBufferRange.contains(DownloadRequest.defaultReceiveBufferBytes))
    }

    @Test func aRequestThatNamesNoBufferIsValidAndOneOutOfRangeIsNot() {
        #expect(DownloadRequest(url: "http://127.0.0.1:1/").validationError == nil)
        #expect(
            DownloadRequest(url: "http://127.0.0.1:1/", receiveBufferBytes: 20 << 20).validationError
                == .invalidRequest(option: "receiveBufferBytes", value: "\(20 << 20)"))
    }
}

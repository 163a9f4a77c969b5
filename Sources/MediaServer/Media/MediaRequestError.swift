/// Why a media URL was rejected; each case carries the bad input and maps to a status.
public enum MediaRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 404: the path is not `/media/<name>` (nothing else is served); carries the path.
    case notFound(path: String)
    /// 404: an extension or `type=` value that names no ``MediaType``; carries it.
    case unknownType(String)
    /// 404: neither an extension nor `type=`; carries the path.
    case missingType(path: String)
    /// 400: the size does not parse or is too large.
    case invalidSize(MediaSizeError)
    /// 400: `content-type=` is not `right`, `wrong` or `missing`; carries it.
    case invalidContentTypeMode(String)
    /// 400: a query parameter given twice; carries the name.
    case duplicateParameter(String)
    /// 400: `dims=` is not `WxH` with sides 1 to 4096; carries it.
    case invalidDimensions(String)
    /// 400: `duration=` is not a duration from 1 ms to 1 h; carries it.
    case invalidDuration(String)
    /// 400: `dims=` or `duration=` for a type that has none (a WAV's length is its size); carries
    /// the parameter and the type.
    case shapeNotApplicable(String, MediaType)

    /// The status to answer with.
    public var status: HTTPStatus {
        switch self {
        case .notFound, .unknownType, .missingType: .notFound
        case .invalidSize, .invalidContentTypeMode, .duplicateParameter, .invalidDimensions, .invalidDuration,
            .shapeNotApplicable:
            .badRequest
        }
    }

    /// The error response; unlike a parse error, the connection can stay open.
    public func errorResponse(keepAlive: Bool, date: String? = nil) -> HTTPErrorResponse {
        HTTPErrorResponse(status: status, message: description, keepAlive: keepAlive, date: date)
    }

    /// What was wrong, with the input.
    public var description: String {
        switch self {
        case .notFound(let path): "no media at \"\(path)\"; use /media/<size>.<ext>, for example /media/200KB.jpg"
        case .unknownType(let type):
            "unknown media type \"\(type)\"; use one of jpg, jpeg, png, gif, mp4, mp3, m4a, wav"
        case .missingType(let path): "no media type in \"\(path)\"; add an extension or ?type="
        case .invalidSize(let error): error.description
        case .invalidContentTypeMode(let value): "content-type must be right, wrong or missing, not \"\(value)\""
        case .duplicateParameter(let name): "query parameter \"\(name)\" given more than once"
        case .invalidDimensions(let value):
            "dims must be WIDTHxHEIGHT with each side 1 to \(MediaShape.maximumSide), such as 1200x800, not \"\(value)\""
        case .invalidDuration(let value): "duration must be from 1ms to 1h, such as 10s, not \"\(value)\""
        case .shapeNotApplicable(let name, let type):
            "\(name) does not apply to \(type.fileExtension) (dims: jpg, png, gif, mp4; duration: mp4, m4a)"
        }
    }
}

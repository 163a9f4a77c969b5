import NSEBenchCore

/// Decides every response: routes the request, layers its query parameters over the server's
/// network conditions, and draws its latency and fault from a per-request random stream.
///
/// Pure apart from reading `--media-dir` files; owned by the loop thread. The i-th request the
/// server sees draws from `seed`'s stream i, so a sequential client sees the same conditions on
/// every run.
struct ResponsePlanner {
    let conditions: NetworkConditions
    private let root: Xoshiro256StarStar
    private var media = SyntheticMediaCache()
    private var directory: MediaDirectory?
    /// Where a fault that no response head can name is noted, for a request that carries a tag.
    private let faultLog: InjectedFaultLog?
    /// The CDN's cold cache in front of the media, shared with the server's other classes; nil when
    /// every request is served as if cached.
    private let originTier: OriginTier?
    /// Requests planned so far, redirects (``NetworkConditions/redirects``) not counted: the index of the
    /// next one, from which its draws come. A redirect takes no index, so the media requests draw the
    /// same latencies and faults (`fail-first` included) with or without redirects in front of them.
    private(set) var requestCount = 0
    /// Redirects planned so far: each draws its first-byte delay from a stream of its own.
    private var redirectCount: UInt64 = 0
    /// Connections seen so far, for connect-delay draws.
    private var connectionCount: UInt64 = 0
    /// Serialised `200 OK` heads by content length, type and keep-alive: a load test asks for the
    /// same few files again and again, and copying a cached array is cheaper than formatting one.
    private var okHeads: [OKHeadKey: [UInt8]] = [:]

    private struct OKHeadKey: Hashable {
        let length: Int
        let contentType: String?
        let keepAlive: Bool
        let fault: FaultKind?
    }

    /// Each side endpoint's conditions: the class's, with the endpoint's own (`--endpoint`) over them.
    private let endpointConditions: [SideEndpoint: NetworkConditions]

    init(
        conditions: NetworkConditions, seed: UInt64, directory: MediaDirectory?, faultLog: InjectedFaultLog? = nil,
        originTier: OriginTier? = nil, endpoints: [SideEndpoint: NetworkConditions] = [:]
    ) {
        var layered: [SideEndpoint: NetworkConditions] = [:]
        for endpoint in SideEndpoint.allCases {
            var effective = conditions
            if let own = endpoints[endpoint] { effective.merge(overriding: own) }
            layered[endpoint] = effective
        }
        self.endpointConditions = layered
        self.faultLog = faultLog
        self.originTier = originTier
        self.conditions = conditions
        self.root = Xoshiro256StarStar(seed: seed)
        self.directory = directory
    }

    /// The delay before a new connection is served (connect or handshake delay), in nanoseconds.
    mutating func connectDelay() -> UInt64 {
        guard let distribution = conditions.connectDelay else { return 0 }
        connectionCount += 1
        var generator = root.fork(stream: (1 << 63) | connectionCount)
        return UInt64(max(0, distribution.sample(using: &generator)))
    }

    /// The plan for a parsed request whose head completed at `now` (the origin cache's clock).
    mutating func plan(for head: HTTPRequestHead, now: UInt64) -> ResponsePlan {
        let index = requestCount
        requestCount += 1
        let path = head.path
        let endpoint = SideEndpoint(path: path)
        if !head.method.isFetch, !(endpoint?.acceptsReports ?? false) {
            return errorPlan(
                .methodNotAllowed,
                "\(head.method.rawValue) \(path): only /receipts and /metrics take a report; the rest is GET and HEAD",
                head: head)
        }
        if path == "/health" {
            return plain(status: .ok, message: nil, head: head, body: Array("ok\n".utf8))
        }
        if path.hasPrefix(MediaRequest.pathPrefix) {
            let request: MediaRequest
            let file: SyntheticMediaFile
            do {
                request = try MediaRequest(head)
                file = try media.file(for: request)
            } catch let error as MediaRequestError {
                return errorPlan(error.status, String(describing: error), head: head)
            } catch {
                return self.errorPlan(.badRequest, String(describing: error), head: head)
            }
            return planBody(
                .synthetic(file), contentType: request.contentType, query: request.otherParameters, head: head,
                index: index, cacheKey: CacheKey(request), now: now)
        }
        if let endpoint {
            return planSideCall(endpoint, head: head, index: index)
        }
        if path.hasPrefix(MediaDirectory.pathPrefix), directory != nil {
            guard let bytes = directory?.file(at: path) else {
                return errorPlan(.notFound, "no such file under --media-dir: \(path)", head: head)
            }
            let fileExtension = path.split(separator: ".").last.map(String.init) ?? ""
            let contentType =
                MediaType(fileExtension: fileExtension.lowercased())?.mimeType ?? "application/octet-stream"
            return planBody(
                .bytes(bytes), contentType: contentType, query: head.query, head: head, index: index,
                cacheKey: .file(path: path), now: now)
        }
        return errorPlan(.notFound, "expected /media/<size>.<ext>, such as /media/200KB.jpg", head: head)
    }

    /// The plan for a side call (a receipt, a metric, an avatar) under its endpoint's conditions with
    /// the request's query over them: a small JSON acknowledgement, whatever the method (a report's
    /// body was read and counted, ``HTTPRequestHead/bodyLength``), or for an avatar the synthetic image
    /// its path names (`/avatars/64KB.png` as `/media/64KB.png`). Never behind the origin cache.
    private mutating func planSideCall(_ endpoint: SideEndpoint, head: HTTPRequestHead, index: Int) -> ResponsePlan {
        var effective = endpointConditions[endpoint] ?? conditions
        let body: ResponsePlan.Body
        let contentType: String?
        var query = head.query
        if endpoint == .avatars {
            do {
                let request = try MediaRequest(
                    path: MediaRequest.pathPrefix + head.path.dropFirst(endpoint.pathPrefix.count), query: head.query)
                body = .synthetic(try media.file(for: request))
                contentType = request.contentType
                query = request.otherParameters
            } catch let error as MediaRequestError {
                return errorPlan(error.status, String(describing: error), head: head)
            } catch {
                return errorPlan(.badRequest, String(describing: error), head: head)
            }
        } else {
            body = .bytes(Self.acknowledgement)
            contentType = "application/json"
        }
        if !query.isEmpty {
            do {
                effective.merge(overriding: try NetworkConditions(queryItems: query.map { ($0.name, $0.value) }))
            } catch {
                return errorPlan(.badRequest, error.description, head: head)
            }
        }
        return planResponse(body, contentType: contentType, conditions: effective, head: head, index: index)
    }

    /// The body a receipt or metric endpoint answers with.
    static let acknowledgement = Array("{\"success\":true}\n".utf8)

    /// The plan for a request head that failed to parse: its error status, then close.
    func plan(for parseError: HTTPParseError) -> ResponsePlan {
        let response = parseError.errorResponse
        var head = response.head
        head.keepAlive = false
        return ResponsePlan(
            head: head.serialized(), body: .bytes(response.body), sendsHead: true, stopOffset: response.body.count,
            firstByteDelay: 0, bandwidth: .unlimited, ending: .complete(keepAlive: false, closeDelay: nil),
            fault: .ok, keepAlive: false)
    }

    /// A 408 for a request head that did not complete within the idle timeout.
    func requestTimeout() -> ResponsePlan {
        let response = HTTPErrorResponse(
            status: .requestTimeout, message: "the request head did not complete in time", keepAlive: false)
        return ResponsePlan(
            head: response.head.serialized(), body: .bytes(response.body), sendsHead: true,
            stopOffset: response.body.count, firstByteDelay: 0, bandwidth: .unlimited,
            ending: .complete(keepAlive: false, closeDelay: nil), fault: .ok, keepAlive: false)
    }

    /// The plan for `body`, under the server's conditions with the request's `query` over them. A
    /// request whose query is valid is looked up in the origin cache under `cacheKey` at `now` (a
    /// 400 for a bad query is answered at once, as a CDN's edge would).
    private mutating func planBody(
        _ body: ResponsePlan.Body, contentType: String?, query: [HTTPQueryItem], head: HTTPRequestHead, index: Int,
        cacheKey: CacheKey, now: UInt64
    ) -> ResponsePlan {
        var effective = conditions
        if !query.isEmpty {
            do {
                effective.merge(overriding: try NetworkConditions(queryItems: query.map { ($0.name, $0.value) }))
            } catch {
                return self.errorPlan(.badRequest, error.description, head: head)
            }
        }
        if let redirects = effective.redirects, redirects > 0 {
            requestCount -= 1  // the index taken for this request goes to the media request after it
            return planRedirect(remaining: redirects, conditions: effective, head: head)
        }
        var plan = planResponse(body, contentType: contentType, conditions: effective, head: head, index: index)
        plan.cacheLookup = originTier?.lookup(cacheKey, now: now)
        return plan
    }

    /// A `302 Found` to the same URL with one redirect fewer to go (``RedirectLocation``), after the
    /// request's first-byte delay: a hop in front of the media, never faulted and never behind the origin
    /// cache.
    private mutating func planRedirect(
        remaining: Int, conditions effective: NetworkConditions, head: HTTPRequestHead
    ) -> ResponsePlan {
        redirectCount += 1
        var generator = root.fork(stream: (1 << 62) | redirectCount)
        let delay = UInt64(max(0, effective.effectiveTimeToFirstByte.sample(using: &generator)))
        let keepAlive = head.keepAlive
        let location = RedirectLocation.next(fromTarget: head.target, remaining: remaining)
        let responseHead = HTTPResponseHead(
            status: .found, contentLength: 0, keepAlive: keepAlive,
            additionalHeaders: [HTTPHeaderField(name: "Location", value: location)])
        return ResponsePlan(
            head: responseHead.serialized(), body: .none, sendsHead: true, stopOffset: 0, firstByteDelay: delay,
            bandwidth: effective.effectiveBandwidth, ending: .complete(keepAlive: keepAlive, closeDelay: nil),
            fault: .ok, keepAlive: keepAlive)
    }

    /// The plan for `body` under `effective` conditions: its latency and fault drawn from the request's
    /// own stream.
    private mutating func planResponse(
        _ body: ResponsePlan.Body, contentType: String?, conditions effective: NetworkConditions,
        head: HTTPRequestHead, index: Int
    ) -> ResponsePlan {
        var generator = root.fork(stream: UInt64(index))
        let delay = UInt64(max(0, effective.effectiveTimeToFirstByte.sample(using: &generator)))
        let decision = effective.faults.draw(requestIndex: index, using: &generator)
        let injected = effective.faults.injectedFault(for: decision, requestIndex: index)
        let closeDelay = decision.closeDelay.map { UInt64(max(0, $0.nanoseconds)) }
        let isHead = head.method == .head
        let length = body.count
        func offset(_ fraction: Double) -> Int {
            Int(FaultDecision.byteOffset(atFraction: fraction, bodyLength: Int64(length)))
        }

        switch decision {
        case .respond(let code, _) where code != 200:
            let status = HTTPStatus(code: code) ?? .internalServerError
            var plan = plain(
                status: status, message: "injected fault", head: head, body: nil, delay: delay, fault: injected)
            plan.fault = .status
            if let closeDelay {
                plan.ending = .complete(keepAlive: false, closeDelay: closeDelay)
                plan.keepAlive = false
                plan.head = errorHead(status, keepAlive: false, fault: injected)
            }
            return plan
        case .resetBeforeResponse:
            // Noted now, before the reset is sent: a client that saw the reset then finds the note.
            if let faultLog, let tag = head.headers[FaultPlan.requestTagHeaderName] {
                faultLog.note(tag: tag, fault: .resetBefore)
            }
            return ResponsePlan(
                head: [], body: .none, sendsHead: false, stopOffset: 0, firstByteDelay: delay,
                bandwidth: effective.effectiveBandwidth, ending: .reset, fault: .resetBefore, keepAlive: false)
        default:
            break
        }
        var ending = ResponsePlan.Ending.complete(
            keepAlive: head.keepAlive && closeDelay == nil, closeDelay: closeDelay)
        var stopOffset = isHead ? 0 : length
        if !isHead {
            switch decision {
            case .resetDuringBody(let fraction):
                ending = .reset
                stopOffset = offset(fraction)
            case .truncateBody(let fraction):
                ending = .truncate
                stopOffset = offset(fraction)
            case .stallBody(let fraction, let duration, let stallCloseDelay):
                ending = .stall(
                    duration: duration.map { UInt64(max(0, $0.nanoseconds)) },
                    closeDelay: stallCloseDelay.map { UInt64(max(0, $0.nanoseconds)) })
                stopOffset = offset(fraction)
            default: break
            }
        }
        let keepAlive: Bool
        if case .complete(let keep, _) = ending { keepAlive = keep } else { keepAlive = false }
        let fault = isHead ? nil : injected
        let key = OKHeadKey(length: length, contentType: contentType, keepAlive: keepAlive, fault: fault)
        let head: [UInt8]
        if let cached = okHeads[key] {
            head = cached
        } else {
            head = HTTPResponseHead(
                status: .ok, contentLength: length, contentType: contentType, keepAlive: keepAlive,
                additionalHeaders: Self.faultHeader(fault)
            ).serialized()
            if okHeads.count >= 256 { okHeads.removeAll(keepingCapacity: true) }
            okHeads[key] = head
        }
        return ResponsePlan(
            head: head, body: isHead ? .none : body, sendsHead: true, stopOffset: stopOffset,
            firstByteDelay: delay, bandwidth: effective.effectiveBandwidth, ending: ending,
            fault: isHead ? .ok : decision.kind, keepAlive: keepAlive)
    }

    private func errorPlan(_ status: HTTPStatus, _ message: String, head: HTTPRequestHead) -> ResponsePlan {
        plain(status: status, message: message, head: head, body: nil)
    }

    private func errorHead(_ status: HTTPStatus, keepAlive: Bool, fault: FaultKind?) -> [UInt8] {
        var head = HTTPErrorResponse(status: status, message: "injected fault", keepAlive: keepAlive).head
        head.additionalHeaders += Self.faultHeader(fault)
        return head.serialized()
    }

    /// `X-NSE-Bench-Fault: <fault>` for a response the server injected a fault into, so the client can
    /// name it (``FaultPlan/faultHeaderName``); nothing for a normal response.
    static func faultHeader(_ fault: FaultKind?) -> [HTTPHeaderField] {
        fault.map { [HTTPHeaderField(name: FaultPlan.faultHeaderName, value: $0.rawValue)] } ?? []
    }

    /// A small text response (an error, or `body` for `/health`), honouring keep-alive and HEAD.
    private func plain(
        status: HTTPStatus, message: String?, head: HTTPRequestHead, body: [UInt8]?, delay: UInt64 = 0,
        fault: FaultKind? = nil
    ) -> ResponsePlan {
        let keepAlive = head.keepAlive
        let bytes: [UInt8]
        let responseHead: HTTPResponseHead
        if let body {
            bytes = body
            responseHead = HTTPResponseHead(
                status: status, contentLength: body.count, contentType: HTTPErrorResponse.contentType,
                keepAlive: keepAlive)
        } else {
            let response = HTTPErrorResponse(status: status, message: message, keepAlive: keepAlive)
            bytes = response.body
            responseHead = response.head
        }
        var fullHead = responseHead
        fullHead.additionalHeaders += Self.faultHeader(fault)
        let isHead = head.method == .head
        return ResponsePlan(
            head: fullHead.serialized(), body: isHead ? .none : .bytes(bytes), sendsHead: true,
            stopOffset: isHead ? 0 : bytes.count, firstByteDelay: delay, bandwidth: .unlimited,
            ending: .complete(keepAlive: keepAlive, closeDelay: nil), fault: .ok, keepAlive: keepAlive)
    }
}

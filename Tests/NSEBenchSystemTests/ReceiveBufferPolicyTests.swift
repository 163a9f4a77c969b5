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

@Suite struct ReceiveBufferForSmallBodiesTests {
    @Test func theSmallestBufferThatTakesHeadAndBodyInOneRead() {
        #expect(ReceiveBufferPolicy.bytes(forBodiesUpTo: 0) == 2_047)
        #expect(ReceiveBufferPolicy.bytes(forBodiesUpTo: 1_000) == 2_047, "1KB.jpg")
        #expect(ReceiveBufferPolicy.bytes(forBodiesUpTo: 1_023) == 2_047)
        #expect(ReceiveBufferPolicy.bytes(forBodiesUpTo: 1_024) == 4_095)
        #expect(ReceiveBufferPolicy.bytes(forBodiesUpTo: 7_167) == 8_191)
    }

    @Test func largerBodiesLeaveTheChoiceToTheInFlightPolicy() {
        #expect(ReceiveBufferPolicy.bytes(forBodiesUpTo: 7_168) == nil)
        #expect(ReceiveBufferPolicy.bytes(forBodiesUpTo: 200_000) == nil)
        #expect(ReceiveBufferPolicy.bytes(forBodiesUpTo: -1) == nil)
    }

    @Test func everyChoiceIsOneLibcurlAccepts() {
        for body in [0, 1_000, 3_000, 7_000] {
            let bytes = ReceiveBufferPolicy.bytes(forBodiesUpTo: body)
            #expect(bytes.map(DownloadRequest.receiveBufferRange.contains) == true)
        }
    }
}

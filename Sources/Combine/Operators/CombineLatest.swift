// One type per arity, as Apple's API has; they share the work, which `Tupling` does for any number of upstreams.

extension Publishers {
    /// Sends the latest values of two publishers as a tuple whenever any of them sends, once all have sent; finishes
    /// when all have finished, fails when any fails (and cancels the others), as Apple's `CombineLatest`.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        /// The tuple of values.
        public typealias Output = (A.Output, B.Output)
        /// The upstreams' error.
        public typealias Failure = A.Failure
        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// A publisher joining `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (la, lb) = (Lane<A.Output>(), Lane<B.Output>())
            let tupling = Tupling(subscriber, .latest, lanes: [la, lb]) {
                guard let a1 = la.first, let b1 = lb.first else { return nil }
                return (a1, b1)
            }
            tupling.start()
            tupling.feed(a, into: la)
            tupling.feed(b, into: lb)
        }
    }

    /// Sends the latest values of three publishers as a tuple whenever any of them sends, once all have sent; finishes
    /// when all have finished, fails when any fails (and cancels the others), as Apple's `CombineLatest3`.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        /// The tuple of values.
        public typealias Output = (A.Output, B.Output, C.Output)
        /// The upstreams' error.
        public typealias Failure = A.Failure
        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C

        /// A publisher joining `a`, `b` and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (la, lb, lc) = (Lane<A.Output>(), Lane<B.Output>(), Lane<C.Output>())
            let tupling = Tupling(subscriber, .latest, lanes: [la, lb, lc]) {
                guard let a1 = la.first, let b1 = lb.first, let c1 = lc.first else { return nil }
                return (a1, b1, c1)
            }
            tupling.start()
            tupling.feed(a, into: la)
            tupling.feed(b, into: lb)
            tupling.feed(c, into: lc)
        }
    }

    /// Sends the latest values of four publishers as a tuple whenever any of them sends, once all have sent; finishes
    /// when all have finished, fails when any fails (and cancels the others), as Apple's `CombineLatest4`.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        /// The tuple of values.
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        /// The upstreams' error.
        public typealias Failure = A.Failure
        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C
        /// The fourth publisher.
        public let d: D

        /// A publisher joining `a`, `b`, `c` and `d`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (la, lb, lc, ld) = (Lane<A.Output>(), Lane<B.Output>(), Lane<C.Output>(), Lane<D.Output>())
            let tupling = Tupling(subscriber, .latest, lanes: [la, lb, lc, ld]) {
                guard let a1 = la.first, let b1 = lb.first, let c1 = lc.first, let d1 = ld.first else { return nil }
                return (a1, b1, c1, d1)
            }
            tupling.start()
            tupling.feed(a, into: la)
            tupling.feed(b, into: lb)
            tupling.feed(c, into: lc)
            tupling.feed(d, into: ld)
        }
    }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}
extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Sends the pair of this publisher's and `other`'s latest values whenever either sends, once both have.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Sends `transform` of this publisher's and `other`'s latest values whenever either sends, once both have.
    public func combineLatest<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }

    /// Sends the tuple of this publisher's and both others' latest values whenever any sends, once all have.
    public func combineLatest<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
        -> Publishers.CombineLatest3<Self, P, Q>
    where Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Sends `transform` of this publisher's and both others' latest values whenever any sends, once all have.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T> where Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
    }

    /// Sends the tuple of this publisher's and the three others' latest values whenever any sends, once all have.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R
    ) -> Publishers.CombineLatest4<Self, P, Q, R>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Sends `transform` of this publisher's and the three others' latest values whenever any sends, once all have.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map(transform)
    }
}

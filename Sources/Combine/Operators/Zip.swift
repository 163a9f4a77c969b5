// One type per arity, as Apple's API has; they share the work, which `Tupling` does for any number of upstreams.

extension Publishers {
    /// Joins the values of two publishers in order, the first of each, then the second of each, and so on; finishes
    /// once one has finished and its unused values are used up, fails when any fails (and cancels the others), as
    /// Apple's `Zip`.
    public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
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
            let tupling = Tupling(subscriber, .zip, lanes: [la, lb]) {
                guard let a1 = la.first, let b1 = lb.first else { return nil }
                return (a1, b1)
            }
            tupling.start()
            tupling.feed(a, into: la)
            tupling.feed(b, into: lb)
        }
    }

    /// Joins the values of three publishers in order, the first of each, then the second of each, and so on; finishes
    /// once one has finished and its unused values are used up, fails when any fails (and cancels the others), as
    /// Apple's `Zip3`.
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
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
            let tupling = Tupling(subscriber, .zip, lanes: [la, lb, lc]) {
                guard let a1 = la.first, let b1 = lb.first, let c1 = lc.first else { return nil }
                return (a1, b1, c1)
            }
            tupling.start()
            tupling.feed(a, into: la)
            tupling.feed(b, into: lb)
            tupling.feed(c, into: lc)
        }
    }

    /// Joins the values of four publishers in order, the first of each, then the second of each, and so on; finishes
    /// once one has finished and its unused values are used up, fails when any fails (and cancels the others), as
    /// Apple's `Zip4`.
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
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
            let tupling = Tupling(subscriber, .zip, lanes: [la, lb, lc, ld]) {
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

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}
extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Pairs this publisher's values with `other`'s, in order.
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P>
    where P.Failure == Failure {
        Publishers.Zip(self, other)
    }

    /// Sends `transform` of each pair of this publisher's and `other`'s values, in order.
    public func zip<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure {
        Publishers.Zip(self, other).map(transform)
    }

    /// Joins this publisher's values with both others', in order.
    public func zip<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q) -> Publishers.Zip3<Self, P, Q>
    where Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.Zip3(self, publisher1, publisher2)
    }

    /// Sends `transform` of each tuple of this publisher's and both others' values, in order.
    public func zip<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T> where Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.Zip3(self, publisher1, publisher2).map(transform)
    }

    /// Joins this publisher's values with the three others', in order.
    public func zip<P: Publisher, Q: Publisher, R: Publisher>(_ publisher1: P, _ publisher2: Q, _ publisher3: R)
        -> Publishers.Zip4<Self, P, Q, R>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.Zip4(self, publisher1, publisher2, publisher3)
    }

    /// Sends `transform` of each tuple of this publisher's and the three others' values, in order.
    public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.Zip4(self, publisher1, publisher2, publisher3).map(transform)
    }
}

// One type per arity, as Apple's API has; they share the work, which `Merging` does for any number of upstreams.

extension Publishers {
    /// Interleaves the values of two publishers, as Apple's `Merge`: finishes when all have finished,
    /// fails when any fails (and cancels the others).
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
        /// The upstreams' values.
        public typealias Output = A.Output
        /// The upstreams' error.
        public typealias Failure = A.Failure
        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// A publisher merging `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Merging(subscriber).run([a.eraseToAnyPublisher(), b.eraseToAnyPublisher()])
        }

        /// This merge with one more publisher.
        public func merge<P: Publisher>(with other: P)
            -> Merge3<A, B, P>
        where B.Output == P.Output, B.Failure == P.Failure {
            Merge3(a, b, other)
        }

        /// This merge with two more publishers.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Merge4<A, B, Z, Y>
        where B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Merge4(a, b, z, y)
        }

        /// This merge with three more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Merge5<A, B, Z, Y, X>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure
        {
            Merge5(a, b, z, y, x)
        }

        /// This merge with four more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W)
            -> Merge6<A, B, Z, Y, X, W>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure
        {
            Merge6(a, b, z, y, x, w)
        }

        /// This merge with five more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
        )
            -> Merge7<A, B, Z, Y, X, W, V>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure,
            W.Output == V.Output, W.Failure == V.Failure
        {
            Merge7(a, b, z, y, x, w, v)
        }

        /// This merge with six more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, U: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V, _ u: U
        )
            -> Merge8<A, B, Z, Y, X, W, V, U>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure,
            W.Output == V.Output, W.Failure == V.Failure, V.Output == U.Output, V.Failure == U.Failure
        {
            Merge8(a, b, z, y, x, w, v, u)
        }
    }

    /// Interleaves the values of three publishers, as Apple's `Merge3`: finishes when all have finished,
    /// fails when any fails (and cancels the others).
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
        /// The upstreams' values.
        public typealias Output = A.Output
        /// The upstreams' error.
        public typealias Failure = A.Failure
        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C

        /// A publisher merging `a`, `b` and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Merging(subscriber).run([a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher()])
        }

        /// This merge with one more publisher.
        public func merge<P: Publisher>(with other: P)
            -> Merge4<A, B, C, P>
        where C.Output == P.Output, C.Failure == P.Failure {
            Merge4(a, b, c, other)
        }

        /// This merge with two more publishers.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Merge5<A, B, C, Z, Y>
        where C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Merge5(a, b, c, z, y)
        }

        /// This merge with three more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Merge6<A, B, C, Z, Y, X>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure
        {
            Merge6(a, b, c, z, y, x)
        }

        /// This merge with four more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W)
            -> Merge7<A, B, C, Z, Y, X, W>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure
        {
            Merge7(a, b, c, z, y, x, w)
        }

        /// This merge with five more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
        )
            -> Merge8<A, B, C, Z, Y, X, W, V>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure,
            W.Output == V.Output, W.Failure == V.Failure
        {
            Merge8(a, b, c, z, y, x, w, v)
        }
    }

    /// Interleaves the values of four publishers, as Apple's `Merge4`: finishes when all have finished,
    /// fails when any fails (and cancels the others).
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure
    {
        /// The upstreams' values.
        public typealias Output = A.Output
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

        /// A publisher merging `a`, `b`, `c` and `d`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Merging(subscriber).run([
                a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
            ])
        }

        /// This merge with one more publisher.
        public func merge<P: Publisher>(with other: P)
            -> Merge5<A, B, C, D, P>
        where D.Output == P.Output, D.Failure == P.Failure {
            Merge5(a, b, c, d, other)
        }

        /// This merge with two more publishers.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Merge6<A, B, C, D, Z, Y>
        where D.Output == Z.Output, D.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Merge6(a, b, c, d, z, y)
        }

        /// This merge with three more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Merge7<A, B, C, D, Z, Y, X>
        where
            D.Output == Z.Output, D.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure
        {
            Merge7(a, b, c, d, z, y, x)
        }

        /// This merge with four more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W)
            -> Merge8<A, B, C, D, Z, Y, X, W>
        where
            D.Output == Z.Output, D.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure
        {
            Merge8(a, b, c, d, z, y, x, w)
        }
    }

    /// Interleaves the values of five publishers, as Apple's `Merge5`: finishes when all have finished,
    /// fails when any fails (and cancels the others).
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure
    {
        /// The upstreams' values.
        public typealias Output = A.Output
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
        /// The fifth publisher.
        public let e: E

        /// A publisher merging `a`, `b`, `c`, `d` and `e`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Merging(subscriber).run([
                a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
                e.eraseToAnyPublisher(),
            ])
        }

        /// This merge with one more publisher.
        public func merge<P: Publisher>(with other: P)
            -> Merge6<A, B, C, D, E, P>
        where E.Output == P.Output, E.Failure == P.Failure {
            Merge6(a, b, c, d, e, other)
        }

        /// This merge with two more publishers.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Merge7<A, B, C, D, E, Z, Y>
        where E.Output == Z.Output, E.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Merge7(a, b, c, d, e, z, y)
        }

        /// This merge with three more publishers.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Merge8<A, B, C, D, E, Z, Y, X>
        where
            E.Output == Z.Output, E.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure
        {
            Merge8(a, b, c, d, e, z, y, x)
        }
    }

    /// Interleaves the values of six publishers, as Apple's `Merge6`: finishes when all have finished,
    /// fails when any fails (and cancels the others).
    public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure,
        E.Output == F.Output, E.Failure == F.Failure
    {
        /// The upstreams' values.
        public typealias Output = A.Output
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
        /// The fifth publisher.
        public let e: E
        /// The sixth publisher.
        public let f: F

        /// A publisher merging `a`, `b`, `c`, `d`, `e` and `f`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Merging(subscriber).run([
                a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
                e.eraseToAnyPublisher(), f.eraseToAnyPublisher(),
            ])
        }

        /// This merge with one more publisher.
        public func merge<P: Publisher>(with other: P)
            -> Merge7<A, B, C, D, E, F, P>
        where F.Output == P.Output, F.Failure == P.Failure {
            Merge7(a, b, c, d, e, f, other)
        }

        /// This merge with two more publishers.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Merge8<A, B, C, D, E, F, Z, Y>
        where F.Output == Z.Output, F.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Merge8(a, b, c, d, e, f, z, y)
        }
    }

    /// Interleaves the values of seven publishers, as Apple's `Merge7`: finishes when all have finished,
    /// fails when any fails (and cancels the others).
    public struct Merge7<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
    >: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure,
        E.Output == F.Output, E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure
    {
        /// The upstreams' values.
        public typealias Output = A.Output
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
        /// The fifth publisher.
        public let e: E
        /// The sixth publisher.
        public let f: F
        /// The seventh publisher.
        public let g: G

        /// A publisher merging `a`, `b`, `c`, `d`, `e`, `f` and `g`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Merging(subscriber).run([
                a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
                e.eraseToAnyPublisher(), f.eraseToAnyPublisher(), g.eraseToAnyPublisher(),
            ])
        }

        /// This merge with one more publisher.
        public func merge<P: Publisher>(with other: P)
            -> Merge8<A, B, C, D, E, F, G, P>
        where G.Output == P.Output, G.Failure == P.Failure {
            Merge8(a, b, c, d, e, f, g, other)
        }
    }

    /// Interleaves the values of eight publishers, as Apple's `Merge8`: finishes when all have finished,
    /// fails when any fails (and cancels the others).
    public struct Merge8<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher
    >: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure,
        E.Output == F.Output, E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure,
        G.Output == H.Output, G.Failure == H.Failure
    {
        /// The upstreams' values.
        public typealias Output = A.Output
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
        /// The fifth publisher.
        public let e: E
        /// The sixth publisher.
        public let f: F
        /// The seventh publisher.
        public let g: G
        /// The eighth publisher.
        public let h: H

        /// A publisher merging `a`, `b`, `c`, `d`, `e`, `f`, `g` and `h`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Merging(subscriber).run([
                a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
                e.eraseToAnyPublisher(), f.eraseToAnyPublisher(), g.eraseToAnyPublisher(), h.eraseToAnyPublisher(),
            ])
        }
    }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}
extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
extension Publishers.Merge5: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {}
extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {}
extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {}
extension Publishers.Merge8: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable, H: Equatable {}

extension Publisher {
    /// Interleaves this publisher's values with `other`'s.
    public func merge<P: Publisher>(with other: P)
        -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// Interleaves this publisher's values with those of `b` and `c`.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C)
        -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, B.Failure == Failure, B.Output == C.Output, B.Failure == C.Failure {
        Publishers.Merge3(self, b, c)
    }

    /// Interleaves this publisher's values with those of `b`, `c` and `d`.
    public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D)
        -> Publishers.Merge4<Self, B, C, D>
    where
        B.Output == Output, B.Failure == Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure
    {
        Publishers.Merge4(self, b, c, d)
    }

    /// Interleaves this publisher's values with those of `b`, `c`, `d` and `e`.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(with b: B, _ c: C, _ d: D, _ e: E)
        -> Publishers.Merge5<Self, B, C, D, E>
    where
        B.Output == Output, B.Failure == Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure
    {
        Publishers.Merge5(self, b, c, d, e)
    }

    /// Interleaves this publisher's values with those of `b`, `c`, `d`, `e` and `f`.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F
    )
        -> Publishers.Merge6<Self, B, C, D, E, F>
    where
        B.Output == Output, B.Failure == Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure, E.Output == F.Output,
        E.Failure == F.Failure
    {
        Publishers.Merge6(self, b, c, d, e, f)
    }

    /// Interleaves this publisher's values with those of `b`, `c`, `d`, `e`, `f` and `g`.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    )
        -> Publishers.Merge7<Self, B, C, D, E, F, G>
    where
        B.Output == Output, B.Failure == Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure, E.Output == F.Output,
        E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure
    {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }

    /// Interleaves this publisher's values with those of `b`, `c`, `d`, `e`, `f`, `g` and `h`.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    )
        -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where
        B.Output == Output, B.Failure == Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure, E.Output == F.Output,
        E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure, G.Output == H.Output,
        G.Failure == H.Failure
    {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
}

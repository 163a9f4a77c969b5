import Glibc

/// Watching descriptors: registration, change of interest, removal. Loop thread only.
extension EventLoop {
    /// One watched descriptor.
    struct Registration {
        var interest: IOEvents
        /// Distinguishes this registration from an earlier one of the same descriptor number,
        /// so events collected for the earlier one are not delivered to it.
        let generation: UInt32
        let handler: (IOEvents) -> Void

        var token: UInt64 { UInt64(generation) << 32 }
    }

    /// Watches `fd` for `interest` (level-triggered) and calls `handler` on the loop thread with
    /// the events that are ready; hangup and error are always reported. Loop thread only.
    ///
    /// The loop does not own `fd`: deregister it before closing it, or a copy of it kept elsewhere
    /// would keep it reported.
    public func register(fd: Int32, interest: IOEvents, handler: @escaping (IOEvents) -> Void) throws(EventLoopError) {
        try requireLoopThread("register")
        guard fd >= 0 else { throw .invalidDescriptor(loop: name, fd: fd) }
        guard registration(of: fd) == nil else { throw .alreadyRegistered(loop: name, fd: fd) }
        registrationGeneration &+= 1
        let registration = Registration(interest: interest, generation: registrationGeneration, handler: handler)
        do throws(SystemError) {
            try Epoll.add(epoll, descriptor: fd, events: interest.epollInterest, token: token(fd, registration))
        } catch {
            throw .system(error)
        }
        if registrations.count <= Int(fd) {
            registrations.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - registrations.count))
        }
        registrations[Int(fd)] = registration
    }

    /// Changes what a registered descriptor is watched for. Loop thread only.
    public func modify(fd: Int32, interest: IOEvents) throws(EventLoopError) {
        try requireLoopThread("modify")
        guard var registration = registration(of: fd) else { throw .notRegistered(loop: name, fd: fd) }
        do throws(SystemError) {
            try Epoll.modify(epoll, descriptor: fd, events: interest.epollInterest, token: token(fd, registration))
        } catch {
            throw .system(error)
        }
        registration.interest = interest
        registrations[Int(fd)] = registration
    }

    /// Stops watching `fd` and releases its handler; events already collected for it in this
    /// iteration are dropped. A handler may deregister itself or others. Loop thread only.
    ///
    /// A descriptor closed before being deregistered has already left epoll; that is not an error.
    public func deregister(fd: Int32) throws(EventLoopError) {
        try requireLoopThread("deregister")
        guard registration(of: fd) != nil else { throw .notRegistered(loop: name, fd: fd) }
        registrations[Int(fd)] = nil
        do throws(SystemError) {
            try Epoll.remove(epoll, descriptor: fd)
        } catch  where error.errno == EBADF || error.errno == ENOENT {
            return
        } catch {
            throw .system(error)
        }
    }

    /// Stops watching `fd` and closes it, saving the `epoll_ctl` removal: closing the last reference
    /// to a socket takes it out of epoll. Only for descriptors nothing else has duplicated. Loop
    /// thread only.
    public func deregisterAndClose(fd: Int32) throws(EventLoopError) {
        try requireLoopThread("deregisterAndClose")
        guard registration(of: fd) != nil else { throw .notRegistered(loop: name, fd: fd) }
        registrations[Int(fd)] = nil
        do throws(SystemError) {
            try Posix.close(fd)
        } catch {
            throw .system(error)
        }
    }

    /// The interest a descriptor is registered with, or nil. Loop thread only.
    public func interest(of fd: Int32) throws(EventLoopError) -> IOEvents? {
        try requireLoopThread("interest(of:)")
        return registration(of: fd)?.interest
    }

    func registration(of fd: Int32) -> Registration? {
        fd >= 0 && Int(fd) < registrations.count ? registrations[Int(fd)] : nil
    }

    private func token(_ fd: Int32, _ registration: Registration) -> UInt64 {
        registration.token | UInt64(UInt32(bitPattern: fd))
    }

    /// Calls the handler an epoll event is for, if its registration is still the one the event
    /// was collected for.
    func dispatch(token: UInt64, events: UInt32) {
        let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: token))
        guard let registration = registration(of: fd), registration.token == token & 0xFFFF_FFFF_0000_0000 else {
            return
        }
        // `registration` is a copy: the handler may deregister or re-register `fd` meanwhile.
        registration.handler(IOEvents(epollEvents: events))
    }
}

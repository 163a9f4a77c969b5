import Combine
import Dispatch
import Foundation
import NSEBenchTestSupport
import Testing

@Suite("Combine: schedulers, timing operators, async values")
struct CombineSchedulingTests {
    @Test("debounce on a queue sends only the value that stood for the interval")
    func debounce() async {
        let queue = DispatchQueue(label: "combine.debounce")
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.debounce(for: .milliseconds(20), scheduler: queue).subscribe(recorder)
        // Sent from the scheduler's own queue, so no debounce timer can fire between them however long this
        // thread is held (a full test run on 2 cores once held it past 20 ms between two sends).
        queue.sync {
            subject.send(1)
            subject.send(2)
            subject.send(3)
        }
        #expect(await eventually { recorder.values == [3] })
        subject.send(4)
        #expect(await eventually { recorder.values == [3, 4] })
    }

    @Test("receive(on:) delivers values and the completion on the given queue")
    func receiveOn() async {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "combine.receive")
        queue.setSpecific(key: key, value: "target")
        let onQueue = Counter()
        let finished = Counter()
        let cancellable = [1, 2, 3].publisher.receive(on: queue).sink(
            receiveCompletion: { _ in
                if DispatchQueue.getSpecific(key: key) == "target" { finished.increment() }
            },
            receiveValue: { _ in
                if DispatchQueue.getSpecific(key: key) == "target" { onQueue.increment() }
            })
        #expect(await eventually { finished.value == 1 })
        #expect(onQueue.value == 3)
        _ = cancellable
    }

    @Test("delay and throttle deliver on the scheduler after the interval")
    func delayAndThrottle() async {
        let queue = DispatchQueue(label: "combine.delay")
        let start = DispatchTime.now()
        let delayed = Recorder<Int, Never>()
        Just(1).delay(for: .milliseconds(20), scheduler: queue).subscribe(delayed)
        #expect(delayed.values.isEmpty)
        #expect(await eventually { delayed.isFinished })
        #expect(delayed.values == [1])
        #expect(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds >= 20_000_000)

        let subject = PassthroughSubject<Int, Never>()
        let throttled = Recorder<Int, Never>()
        subject.throttle(for: .milliseconds(50), scheduler: queue, latest: true).subscribe(throttled)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(await eventually { throttled.values == [1, 3] })
    }

    @Test("for await over values ends when the publisher finishes; a failure is thrown")
    func asyncValues() async throws {
        var seen: [Int] = []
        for await value in [1, 2, 3].publisher.values {
            seen.append(value)
        }
        #expect(seen == [1, 2, 3])

        let later = [1, 2].publisher.delay(for: .milliseconds(20), scheduler: DispatchQueue(label: "combine.values"))
        var fromQueue: [Int] = []
        for await value in later.values {
            fromQueue.append(value)
        }
        #expect(fromQueue == [1, 2])

        var thrown: (any Error)?
        do {
            for try await _ in Fail<Int, TestError>(error: TestError()).values {}
        } catch {
            thrown = error
        }
        #expect(thrown as? TestError == TestError())
    }

    @Test("Scheduler strides: literals are seconds; milliseconds convert")
    func strides() {
        let dispatch: DispatchQueue.SchedulerTimeType.Stride = 0.5
        #expect(dispatch == .milliseconds(500))
        #expect(DispatchQueue.SchedulerTimeType.Stride.seconds(1).magnitude == 1_000_000_000)
        let runLoop: RunLoop.SchedulerTimeType.Stride = 2
        #expect(runLoop.timeInterval == 2)
        #expect(RunLoop.SchedulerTimeType.Stride.milliseconds(300).timeInterval == 0.3)
        var ran = false
        ImmediateScheduler.shared.schedule { ran = true }
        #expect(ran)
    }

    @Test("NotificationCenter's publisher sends posted notifications until cancelled")
    func notifications() {
        let center = NotificationCenter()
        let name = Notification.Name("CombineTestNotification")
        var received = 0
        let cancellable = center.publisher(for: name).sink { _ in received += 1 }
        center.post(name: name, object: nil)
        center.post(name: name, object: nil)
        cancellable.cancel()
        center.post(name: name, object: nil)
        #expect(received == 2)
    }
}

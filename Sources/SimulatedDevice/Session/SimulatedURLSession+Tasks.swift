public import FoundationNetworking

/// The session's tasks that have not ended, as URLSession lists them: an extension's
/// `serviceExtensionTimeWillExpire` often cancels them this way. For ``SimulatedURLSession/shared``,
/// those the calling phone made, as its own process's `URLSession.shared` holds only its own.
extension SimulatedURLSession {
    /// `getAllTasks(completionHandler:)`: the tasks resumed and not yet completed (``listed(for:)``), in
    /// the order they were made, handed to `completionHandler` on the delegate queue.
    public func getAllTasks(completionHandler: @escaping @Sendable ([URLSessionTask]) -> Void) {
        let phone = SimulatedPhone.current ?? creator
        let tasks = listed(for: phone)
        callback(on: phone) { completionHandler(tasks) }
    }

    /// `getTasksWithCompletionHandler(_:)`: the tasks that have not ended, as data, upload and download
    /// tasks, handed to `completionHandler` on the delegate queue.
    public func getTasksWithCompletionHandler(
        _ completionHandler:
            @escaping @Sendable ([URLSessionDataTask], [URLSessionUploadTask], [URLSessionDownloadTask]) -> Void
    ) {
        let phone = SimulatedPhone.current ?? creator
        let tasks = listed(for: phone)
        callback(on: phone) {
            let (data, uploads, downloads) = Self.sorted(tasks)
            completionHandler(data, uploads, downloads)
        }
    }

    /// `allTasks`: the tasks that have not ended, in the order they were made.
    public var allTasks: [URLSessionTask] {
        get async {
            listed(for: SimulatedPhone.current ?? creator).map { $0 as URLSessionTask }
        }
    }

    /// `tasks`: the tasks that have not ended, as data, upload and download tasks.
    public var tasks: ([URLSessionDataTask], [URLSessionUploadTask], [URLSessionDownloadTask]) {
        get async { Self.sorted(listed(for: SimulatedPhone.current ?? creator)) }
    }

    /// The tasks URLSession lists: resumed and not yet completed (one never resumed is not listed, as on
    /// iOS, rdar://28608776, and swift-corelibs-foundation's `isSuspendedAfterResume`), and, of a session
    /// shared by phones (one kept in a static), only `phone`'s, as its own process's session holds.
    private func listed(for phone: SimulatedPhone?) -> [any SessionTaskRegistry.SessionTask] {
        (taskRegistry(for: phone)?.tasks ?? []).filter { $0.state == .running && Self.task($0, isOf: phone) }
    }

    /// Whether `task` is `phone`'s, as far as that can be told: any task when no phone is known, and a
    /// task of no phone for every phone.
    static func task(_ task: any SessionTaskRegistry.SessionTask, isOf phone: SimulatedPhone?) -> Bool {
        guard let phone, let driver = (task as? any DrivenTask)?.driver else { return true }
        return driver.phone.map { $0 === phone } ?? true
    }

    /// `tasks` as URLSession sorts them: an upload task is listed with the uploads only.
    private static func sorted(
        _ tasks: [any SessionTaskRegistry.SessionTask]
    ) -> ([URLSessionDataTask], [URLSessionUploadTask], [URLSessionDownloadTask]) {
        var data: [URLSessionDataTask] = []
        var uploads: [URLSessionUploadTask] = []
        var downloads: [URLSessionDownloadTask] = []
        for task in tasks {
            if let upload = task as? URLSessionUploadTask {
                uploads.append(upload)
            } else if let task = task as? URLSessionDataTask {
                data.append(task)
            } else if let download = task as? URLSessionDownloadTask {
                downloads.append(download)
            }
        }
        return (data, uploads, downloads)
    }
}

/// A task of a simulated session, with the driver that knows its phone.
protocol DrivenTask {
    var driver: TransferDriver { get }
}

extension SimulatedDataTask: DrivenTask {}
extension SimulatedUploadTask: DrivenTask {}
extension SimulatedDownloadTask: DrivenTask {}

public import FoundationNetworking

/// The session's tasks that have not ended, as URLSession lists them: an extension's
/// `serviceExtensionTimeWillExpire` often cancels them this way. For ``SimulatedURLSession/shared``,
/// those the calling phone made, as its own process's `URLSession.shared` holds only its own.
extension SimulatedURLSession {
    /// `getAllTasks(completionHandler:)`: the tasks that have not ended (made and not resumed, or
    /// running), in the order they were made, handed to `completionHandler` on the delegate queue.
    public func getAllTasks(completionHandler: @escaping @Sendable ([URLSessionTask]) -> Void) {
        let phone = SimulatedPhone.current ?? creator
        let tasks = taskRegistry(for: phone)?.tasks ?? []
        callback(on: phone) { completionHandler(tasks) }
    }

    /// `getTasksWithCompletionHandler(_:)`: the tasks that have not ended, as data, upload and download
    /// tasks, handed to `completionHandler` on the delegate queue.
    public func getTasksWithCompletionHandler(
        _ completionHandler:
            @escaping @Sendable ([URLSessionDataTask], [URLSessionUploadTask], [URLSessionDownloadTask]) -> Void
    ) {
        let phone = SimulatedPhone.current ?? creator
        let tasks = taskRegistry(for: phone)?.tasks ?? []
        callback(on: phone) {
            let (data, uploads, downloads) = Self.sorted(tasks)
            completionHandler(data, uploads, downloads)
        }
    }

    /// `allTasks`: the tasks that have not ended, in the order they were made.
    public var allTasks: [URLSessionTask] {
        get async {
            let tasks = taskRegistry(for: SimulatedPhone.current ?? creator)?.tasks ?? []
            return tasks.map { $0 as URLSessionTask }
        }
    }

    /// `tasks`: the tasks that have not ended, as data, upload and download tasks.
    public var tasks: ([URLSessionDataTask], [URLSessionUploadTask], [URLSessionDownloadTask]) {
        get async { Self.sorted(taskRegistry(for: SimulatedPhone.current ?? creator)?.tasks ?? []) }
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

// The app's own code: Chat.xcodeproj compiles it into the app target only, so nse-bench leaves it out of
// the extension (SwiftUI is not on Linux).
import SwiftUI

@main
struct ChatApp: App {
    var body: some Scene {
        WindowGroup { Text("Chat") }
    }
}

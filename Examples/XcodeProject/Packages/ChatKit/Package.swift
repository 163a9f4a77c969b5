// swift-tools-version:5.9
// The code Chat shares with its extension through a local Swift package, which Chat.xcodeproj links into
// the extension's target: nse-bench reads the project, finds the package and compiles it as Xcode does.
import PackageDescription

let package = Package(
    name: "ChatKit",
    defaultLocalization: "en",
    products: [.library(name: "ChatKit", targets: ["ChatKit"])],
    targets: [.target(name: "ChatKit", resources: [.process("Resources")])]
)

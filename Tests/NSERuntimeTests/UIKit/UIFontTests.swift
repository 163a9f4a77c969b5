import Foundation
import Testing

// The UIKit calls are in UIFontProbe.swift, which imports no Testing (see UIImageTests.swift).

/// A font file's names, registered with Core Text's font manager and found by UIFont, as an app's bundled
/// fonts are (SwiftGen's font accessors, icon fonts); the system font's sizes.
@Suite("UIKit: UIFont and Core Text's font manager", .serialized)
struct UIFontTests {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    /// A TrueType font's table directory and `name` table (Windows, US English, UTF-16), its records
    /// pointing `base` bytes further (a font inside a collection counts from the file's start).
    static func font(postScript: String, full: String, family: String, base: Int = 0) -> [UInt8] {
        var strings: [UInt8] = []
        var records: [UInt8] = []
        // A Mac Roman family too, which the Windows one outranks.
        let mac = Array("Mac \(family)".utf8)
        records += be16(1) + be16(0) + be16(0) + be16(1) + be16(mac.count) + be16(strings.count)
        strings += mac
        for (id, text) in [(1, family), (4, full), (6, postScript)] {
            let utf16 = text.utf16.flatMap { be16(Int($0)) }
            records += be16(3) + be16(1) + be16(0x409) + be16(id) + be16(utf16.count) + be16(strings.count)
            strings += utf16
        }
        let nameTable = be16(0) + be16(records.count / 12) + be16(6 + records.count) + records + strings
        return [0, 1, 0, 0] + be16(1) + be16(16) + be16(0) + be16(0) + Array("name".utf8) + be32(0)
            + be32(base + 12 + 16) + be32(nameTable.count) + nameTable
    }

    /// A font whose `name` table holds exactly `records`: platform, encoding, language, name id and the bytes.
    static func font(records: [(Int, Int, Int, Int, [UInt8])]) -> [UInt8] {
        var strings: [UInt8] = []
        var table: [UInt8] = []
        for (platform, encoding, language, id, bytes) in records {
            table +=
                be16(platform) + be16(encoding) + be16(language) + be16(id) + be16(bytes.count) + be16(strings.count)
            strings += bytes
        }
        let nameTable = be16(0) + be16(records.count) + be16(6 + table.count) + table + strings
        return [0, 1, 0, 0] + be16(1) + be16(16) + be16(0) + be16(0) + Array("name".utf8) + be32(0) + be32(28)
            + be32(nameTable.count) + nameTable
    }

    static func utf16(_ text: String) -> [UInt8] { text.utf16.flatMap { be16(Int($0)) } }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a registered font is found by its PostScript and full names, with its file's family; twice is an error")
    func registration() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Staatliches-Regular.ttf")
        try Data(Self.font(postScript: "Staatliches-Regular", full: "Staatliches Regular", family: "Staatliches"))
            .write(to: file)
        #expect(UIFontProbe.names(inFamily: "Staatliches").names.isEmpty)
        let first = UIFontProbe.register(file.path)
        #expect(first.done && first.code == nil)
        #expect(UIFontProbe.font(named: "Staatliches-Regular")! == ("Staatliches-Regular", "Staatliches", 20))
        #expect(UIFontProbe.font(named: "Staatliches Regular")?.family == "Staatliches")
        let listed = UIFontProbe.names(inFamily: "Staatliches")
        #expect(listed.names == ["Staatliches-Regular"] && listed.listed)
        let again = UIFontProbe.register(file.path)
        #expect(!again.done && again.domain == "com.apple.CoreText.CTFontManagerErrorDomain" && again.code == 105)
        #expect(UIFontProbe.unregister(file.path) == (true, nil))
        #expect(UIFontProbe.unregister(file.path) == (false, 201), "not registered")
        #expect(UIFontProbe.names(inFamily: "Staatliches").names.isEmpty)
        #expect(UIFontProbe.register(file.path, persistent: true).code == 307, "an extension registers for its process")
    }

    @Test("a file's descriptors give fonts of its names; HAIconic's registration runs as written, twice")
    func descriptorsFromFiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Self.font(postScript: "Glyphs-Solid", full: "Glyphs Solid", family: "Glyphs", base: 20)
        let second = Self.font(postScript: "Glyphs-Line", full: "Glyphs Line", family: "Glyphs", base: 20 + first.count)
        let collection =
            Array("ttcf".utf8) + Self.be32(0x0001_0000) + Self.be32(2) + Self.be32(20)
            + Self.be32(20 + first.count) + first + second
        let file = folder.appendingPathComponent("Glyphs.ttc")
        try Data(collection).write(to: file)
        #expect(
            CTFontProbe.fonts(in: file, size: 0) == [
                "Glyphs-Solid / Glyphs Solid / Glyphs 12.0", "Glyphs-Line / Glyphs Line / Glyphs 12.0",
            ])
        #expect(CTFontProbe.fonts(in: file, size: 17)?.first == "Glyphs-Solid / Glyphs Solid / Glyphs 17.0")
        #expect(
            CTFontProbe.named("Glyphs Line", size: 9) == "Times New Roman 9.0", "not registered: Core Text's fallback")
        let icons = folder.appendingPathComponent("MaterialDesignIcons.ttf")
        try Data(
            Self.font(postScript: "MaterialDesignIcons", full: "Material Design Icons", family: "Material Design Icons")
        )
        .write(to: icons)
        #expect(CTFontProbe.registerAsHAIconic(icons) == "MaterialDesignIcons")
        #expect(CTFontProbe.registerAsHAIconic(icons) == "MaterialDesignIcons already")
        #expect(CTFontProbe.named("MaterialDesignIcons", size: 0) == "Material Design Icons 12.0")
        #expect(UIFontProbe.unregister(icons.path).done)
        let text = folder.appendingPathComponent("readme.ttf")
        try Data("not a font".utf8).write(to: text)
        #expect(CTFontProbe.fonts(in: text, size: 12) == nil)
        #expect(CTFontProbe.fonts(in: folder.appendingPathComponent("none.ttf"), size: 12) == nil)
        #expect(CTFontProbe.registerAsHAIconic(text) == "no descriptors")
    }

    @Test("a collection's fonts register together; a missing file, text and a cut font are errors")
    func collectionsAndBadFiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Self.font(postScript: "Icons-Solid", full: "Icons Solid", family: "Icons", base: 20)
        let second = Self.font(postScript: "Icons-Line", full: "Icons Line", family: "Icons", base: 20 + first.count)
        let collection =
            Array("ttcf".utf8) + Self.be32(0x0001_0000) + Self.be32(2) + Self.be32(20)
            + Self.be32(20 + first.count) + first + second
        let file = folder.appendingPathComponent("Icons.ttc")
        try Data(collection).write(to: file)
        #expect(UIFontProbe.register(file.path).done)
        #expect(UIFontProbe.names(inFamily: "Icons").names == ["Icons-Line", "Icons-Solid"])
        #expect(UIFontProbe.unregister(file.path).done)
        #expect(UIFontProbe.register(folder.appendingPathComponent("none.ttf").path).code == 101)
        let text = folder.appendingPathComponent("readme.ttf")
        try Data("not a font".utf8).write(to: text)
        #expect(UIFontProbe.register(text.path).code == 103)
        let cut = folder.appendingPathComponent("cut.ttf")
        try Data(Self.font(postScript: "Cut", full: "Cut", family: "Cut").prefix(40)).write(to: cut)
        #expect(UIFontProbe.register(cut.path).code == 104)
    }

    @Test("names in Mac Roman, a symbol font's, Mac English over another language; one name twice; scopes; lists")
    func nameRecords() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Mac Roman only: 0x8E is é.
        let mac = folder.appendingPathComponent("mac.ttf")
        try Data(
            Self.font(records: [
                (1, 0, 0, 1, Array("Caf".utf8) + [0x8E]), (1, 0, 0, 6, Array("Cafe-Regular".utf8)),
            ])
        ).write(to: mac)
        #expect(UIFontProbe.register(mac.path).done)
        #expect(UIFontProbe.font(named: "Cafe-Regular")?.family == "Café")
        // A symbol font's names are UTF-16 under Windows' symbol encoding.
        let symbol = folder.appendingPathComponent("icons.ttf")
        try Data(
            Self.font(records: [(3, 0, 0x409, 1, Self.utf16("Glyphs")), (3, 0, 0x409, 6, Self.utf16("Glyphs-Solid"))])
        ).write(to: symbol)
        #expect(UIFontProbe.register(symbol.path).done)
        #expect(UIFontProbe.font(named: "Glyphs-Solid")?.family == "Glyphs")
        // A Japanese Windows family and an English Mac one: the English one.
        let mixed = folder.appendingPathComponent("mixed.ttf")
        try Data(
            Self.font(records: [
                (3, 1, 0x411, 1, Self.utf16("日本")), (1, 0, 0, 1, Array("Nihon".utf8)),
                (3, 1, 0x411, 16, Self.utf16("日本語")), (3, 1, 0x409, 6, Self.utf16("Nihon-W3")),
            ])
        ).write(to: mixed)
        #expect(UIFontProbe.register(mixed.path).done)
        #expect(UIFontProbe.font(named: "Nihon-W3")?.family == "日本語", "the typographic family (16) first")
        // Another file with a PostScript name already registered.
        let copy = folder.appendingPathComponent("copy.ttf")
        try FileManager.default.copyItem(at: mac, to: copy)
        #expect(UIFontProbe.register(copy.path).code == 305)
        #expect(UIFontProbe.registerNoScope(copy.path).code == 307, "no scope: refused")
        let several = UIFontProbe.registerSeveral([copy.path, folder.appendingPathComponent("none.ttf").path])
        #expect(!several.done && several.codes == [305, 101])
        #expect(several.urlsNamed, "each error names its font's URL")
        for file in [mac, symbol, mixed] { #expect(UIFontProbe.unregister(file.path).done) }
    }

    @Test("descriptors: traits pick a system face or a registered family's; designs; attribute keys")
    func descriptors() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, full) in [("Brand-Regular", "Brand Regular"), ("Brand-Bold", "Brand Bold")] {
            try Data(Self.font(postScript: name, full: full, family: "Brand")).write(
                to: folder.appendingPathComponent("\(name).ttf"))
            #expect(UIFontProbe.register(folder.appendingPathComponent("\(name).ttf").path).done)
        }
        let derived = UIFontProbe.derivedFaces
        #expect(
            derived == [
                ".SFUI-Bold 17.0", ".SFUI-RegularItalic 17.0", ".SFUI-BoldItalic 17.0", ".SFUIRounded-Regular 17.0",
                "Brand-Bold 20.0", "Brand-Regular 24.0",
            ], "\(derived)")
        #expect(UIFontProbe.systemFamilyAndDescription.family == ".AppleSystemUIFont")
        let description = UIFontProbe.systemFamilyAndDescription.description
        #expect(description.hasPrefix("<UICTFont: 0x"), "\(description)")
        #expect(
            description.hasSuffix(
                "> font-family: \".SFUI-Semibold\"; font-weight: normal; font-style: normal; font-size: 17.00pt"),
            "\(description)")
        #expect(UIFontProbe.attributeKeys == ["NSFont", "NSColor", "NSLink"])
        for name in ["Brand-Regular", "Brand-Bold"] {
            #expect(UIFontProbe.unregister(folder.appendingPathComponent("\(name).ttf").path).done)
        }
    }

    @Test("the system font at iOS's text style sizes; a name iOS may have gives a font; equality by name and size")
    func systemFonts() {
        #expect(
            UIFontProbe.systemFonts == [
                ".SFUI-Regular 17.0", ".SFUI-Bold 12.0", ".SFUI-Semibold 17.0", ".SFUI-Regular 11.0",
                ".SFUI-Regular 24.0",
            ])
        #expect(UIFontProbe.font(named: "HelveticaNeue-Bold")?.family == "HelveticaNeue", "not faithful: any name")
        #expect(UIFontProbe.font(named: "") == nil)
        #expect(UIFontProbe.equalities == (true, false))
        #expect(UIFontProbe.textSizes == (true, true))
    }
}

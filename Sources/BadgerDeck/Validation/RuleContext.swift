/// What rules may know beyond the deck itself: the file system, through precomputed facts.
struct RuleContext {
    /// An image reference and what the file system says about it.
    struct InspectedImage {
        var source: String
        var location: SourceLocation
        /// `http:`, `https:`, `data:` or another URL scheme, or `//host`.
        var isRemote: Bool
        /// The absolute path the image resolves to, relative to the deck's directory.
        var path: String?
        /// The path with symbolic links resolved, when the file exists.
        var resolvedPath: String?
        var isInsideCollection: Bool
        var exists: Bool { resolvedPath != nil }
        var format: ImageFormat?
        var size: Int?
    }

    /// A math span and the LaTeX problems in it.
    struct CheckedMath {
        var location: SourceLocation
        var problems: [LaTeXScanner.Problem]
    }

    let images: [InspectedImage]
    /// Every math span with at least one problem.
    let mathProblems: [CheckedMath]
    /// The commands the collection's macros define, without the backslash.
    let macroNames: Set<String>

    /// A context without images or math, for rules that need neither.
    init() {
        images = []
        mathProblems = []
        macroNames = []
    }

    /// The facts about `deck`; `macroNames` are the commands the collection's macros define.
    init(deck: ParsedDeck, fileAccess: any FileAccess, macroNames: Set<String> = []) {
        var mathProblems: [CheckedMath] = []
        for field in deck.allFields where field.containsMath {
            field.forEachNode { node in
                guard case .math(let tex, _) = node.kind else { return }
                let problems = LaTeXScanner.problems(in: tex, macros: macroNames)
                if !problems.isEmpty { mathProblems.append(CheckedMath(location: node.range.start, problems: problems)) }
            }
        }
        self.mathProblems = mathProblems
        self.macroNames = macroNames
        var images: [InspectedImage] = []
        let root = fileAccess.resolvedPath(deck.file.collectionRoot) ?? deck.file.collectionRoot
        for (source, position) in deck.imageReferences {
            let location = ImageLocation(source: source, deck: deck.file, resolvedRoot: root, fileAccess: fileAccess)
            var image = InspectedImage(
                source: source, location: position, isRemote: location.isRemote, path: location.path,
                resolvedPath: location.resolvedPath, isInsideCollection: location.isInsideCollection)
            if let readable = location.readablePath(fileAccess: fileAccess) {
                image.size = fileAccess.size(atPath: readable)
                image.format = fileAccess.prefix(atPath: readable, count: 8).flatMap(ImageFormat.init(magic:))
            } else if fileAccess.kind(atPath: image.resolvedPath ?? "") != .file {
                image.resolvedPath = nil
            }
            images.append(image)
        }
        self.images = images
    }
}

extension ParsedDeck {
    /// Every field of every card, and fields outside cards.
    var allFields: [CardField] { cards.flatMap(\.fields) + strayFields }

    /// Every image in a card field: its source as written and where it stands.
    var imageReferences: [(String, SourceLocation)] {
        var found: [(String, SourceLocation)] = []
        for field in allFields where field.firstImageSource != nil {
            field.forEachNode { node in
                if case .image(let source, _) = node.kind { found.append((source, node.range.start)) }
            }
        }
        return found
    }

}

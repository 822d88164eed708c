import Foundation

/// Images for terminals that show iTerm2's inline images (iTerm2, WezTerm, mintty): the image
/// file's bytes in one `OSC 1337 ; File=` sequence, which the terminal decodes itself.
public enum ITermInlineImage {
    /// The sequence that draws the file `bytes` at the cursor, scaled into `columns`×`rows` cells
    /// with its shape kept.
    public static func escape(_ bytes: [UInt8], columns: Int, rows: Int) -> String {
        let arguments = "inline=1;size=\(bytes.count);width=\(columns);height=\(rows);preserveAspectRatio=1;doNotMoveCursor=1"
        return "\u{1B}]1337;File=" + arguments + ":" + Data(bytes).base64EncodedString() + "\u{07}"
    }
}

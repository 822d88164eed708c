/// How big an image is drawn: the terminal cells it takes, keeping its shape, never larger than
/// the room given and never enlarged past its own size.
public enum ImageFit {
    /// The fewest columns and rows an image is worth drawing in; with less room it is shown as
    /// `[image: alt]` instead.
    public static let minimumColumns = 4
    public static let minimumRows = 2

    /// The cells for a `pixelWidth`×`pixelHeight` image when one cell shows `cellWidth`×`cellHeight`
    /// pixels, within `maxColumns`×`maxRows`; nil when less than the minimum fits.
    ///
    /// Half-block art shows 1×2 pixels per cell; a graphics protocol shows the terminal's cell
    /// size in pixels (about 10×20 when the terminal does not say).
    public static func cells(
        pixelWidth: Int, pixelHeight: Int, cellWidth: Double, cellHeight: Double, maxColumns: Int, maxRows: Int
    ) -> (columns: Int, rows: Int)? {
        guard pixelWidth > 0, pixelHeight > 0, cellWidth > 0, cellHeight > 0 else { return nil }
        guard maxColumns >= minimumColumns, maxRows >= minimumRows else { return nil }
        // Natural size in cells, then the largest scale (at most 1) that fits both ways.
        let naturalColumns = Double(pixelWidth) / cellWidth
        let naturalRows = Double(pixelHeight) / cellHeight
        let scale = min(1, Double(maxColumns) / naturalColumns, Double(maxRows) / naturalRows)
        let columns = min(maxColumns, max(1, Int((naturalColumns * scale).rounded())))
        let rows = min(maxRows, max(1, Int((naturalRows * scale).rounded(.up))))
        return (columns, rows)
    }

    /// The pixel size to scale an image to for half-block art in `columns`×`rows` cells.
    public static func halfBlockPixels(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (columns, rows * 2)
    }
}

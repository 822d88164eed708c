import BadgerTerminal
import Testing

@Suite struct TerminalStyleTests {
    @Test func widthHasAFloor() {
        #expect(TerminalStyle(usesColor: false, width: 5).width == 20)
        #expect(TerminalStyle(usesColor: true, width: 40).width == 40)
    }
}

import Testing
import FolioText

/// Contents and index pages, as PDF text gives them, and text that only looks a little like them.
@Suite struct NavigationTextTests {
    /// amsdtx.pdf's contents as MuPDF reads them: the numbers on lines of their own.
    static let contents = """
        Contents
        1
        Introduction . . . . . . . . . . . . . . . . . . . . . . . . . . . . . .
        1
        2
        Implementation . . . . . . . . . . . . . . . . . . . . . . . . . . . .
        1
        3
        Indexing primitives . . . . . . . . . . . . . . . . . . . . . . . . . .
        3
        4
        amsldoc style modifications for sectioning commands . . . . . . .
        9
        5
        Float placement parameters . . . . . . . . . . . . . . . . . . . . .
        15
        """

    static let index = """
        Index
        \\chapter, 12, 45–47
        amsldoc, 1, 3
        floats, 15
        hyphenation exceptions, 18
        Knuth, Donald, 2, 7
        index exceptions, 18
        sectioning commands, 9, 12
        """

    static let prose = """
        The quokka is a small macropod about the size of a domestic cat. It is one of the
        smallest members of the family, with a coat of coarse brown fur, 40 to 54 cm long.
        Like other marsupials, it carries its young in a pouch for about six months.
        Page 12 of the survey shows the colonies on Rottnest Island, 1999, 2004, 2012.
        """

    /// A table of measurements: numbers on lines of their own, but no pointers.
    static let table = "Year\nCount\n1999\n12\n2004\n15\n2012\n22\n2016\n31\n2020\n40\n"

    @Test func contentsAndIndexPages_areNavigation() {
        #expect(NavigationText.isNavigation(Self.contents))
        #expect(NavigationText.isNavigation(Self.index))
        #expect(NavigationText.isNavigation("1 Intro ........ 1\n2 Use ........ 4\n3 Keys ........ 9\n4 Bugs ........ 12\n5 Index ........ 15\n"))
        // An index entry whose list of pages goes on over the next lines.
        let entries = (0..<6).map { "\\command\($0) . . . . 12, 45,\n2449, 2595,\n3223–\n3226" }.joined(separator: "\n")
        #expect(NavigationText.isNavigation(Self.prose + "\n" + entries))
    }

    @Test func textAndTables_areNot() {
        #expect(!NavigationText.isNavigation(Self.prose))
        #expect(!NavigationText.isNavigation(Self.table))
        #expect(!NavigationText.isNavigation(""))
        // A paragraph with one line of leaders, as a form to fill in has.
        #expect(!NavigationText.isNavigation(Self.prose + "\nSignature . . . . . . . . . .\n"))
        // A contents page quoted within a long chunk of text is still text.
        #expect(!NavigationText.isNavigation(Array(repeating: Self.prose, count: 12).joined(separator: "\n") + "\n" + Self.contents))
    }
}

import Testing
@testable import FolioLoaders

@Suite struct TextLayerTests {
    @Test(arguments: [
        "Second page discusses bravo shearing techniques. Wool yields improved considerably.",
        "\\def\\btxvolume##1{\\btxifchecked{vol}{##1}} \\def\\btxnumber##1{##1}",
        "Η θεωρία της σχετικότητας περιγράφει τη βαρύτητα ως καμπυλότητα του χωροχρόνου.",
        "Расход топлива снизился на двенадцать процентов за первый квартал 2023 года.",
        // A table of contents, as MuPDF reads one: dot leaders are most of its characters.
        "33 The l3box package: Boxes\n273\n\n33.1\nCreating and initialising boxes" + String(repeating: " .", count: 24)
            + " 273\n\n33.2\nUsing boxes\n" + String(repeating: ". ", count: 34) + "274\n",
        "Contents\n1 Introduction" + String(repeating: ".", count: 60) + "1\n2 Usage" + String(repeating: "_", count: 60) + "3",
        "Inhalt · Einleitung" + String(repeating: " · ", count: 30) + "5 … Anhang" + String(repeating: "…", count: 30) + "9",
    ])
    func realText_isKept(text: String) {
        #expect(!TextLayer.needsOCR(text))
    }

    @Test(arguments: [
        "",
        "   \n\t  ",
        "Page 3",
        String(repeating: "#$%& *()! @^~ ", count: 20),
        String(repeating: "xkcd brrr pfft tsk grr hmm shh ", count: 10),
        String(repeating: "1234 5678 90 ", count: 20) + "ab",
    ])
    func missingOrJunkLayers_needOCR(text: String) {
        #expect(TextLayer.needsOCR(text))
    }
}

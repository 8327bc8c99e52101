import Testing
@testable import FolioLoaders
import FolioCore

/// Code's definitions as the sections of its lines, read by the tree-sitter parsers
/// `make test` installs (scripts/install-code-parsers.sh, into /usr/local/share/folio):
/// the real library, not a stand-in. Missing, these tests fail with the reason.
@Suite struct SourceCodeLoaderTests {
    private static let parsers = Result { () throws(LoaderError) in try CodeParsers.installed.get() }

    /// Each line of `source`, read from a file called `name`, with its section: every
    /// definition one, however small, unless `minimumWords` says otherwise.
    private func sections(_ name: String, _ source: String, minimumWords: Int = 0) throws -> [(String, String?)] {
        let loader = SourceCodeLoader(parsers: try Self.parsers.get(), minimumWords: minimumWords)
        let document = try loader.load(Fixture.temporary(name, Array(source.utf8)))
        return document.pages.flatMap(\.lines).map { ($0.text, $0.section) }
    }

    private func section(of line: String, in lines: [(String, String?)]) -> String?? {
        lines.first { $0.0.trimmingCharacters(in: .whitespaces) == line }.map(\.1)
    }

    @Test func theInstalledLibrary_hasEveryLanguage() throws {
        let parsers = try Self.parsers.get()
        #expect(parsers.languages == CodeLanguage.allCases, "\(parsers.library)")
    }

    @Test func python_methodsAreNamedWithTheirClass_andCommentsAndDecoratorsGoWithTheDefinitionBelow() throws {
        let lines = try sections("keeper.py", """
            import os

            # Rings the bell at dusk.
            @scheduled
            def ring_bell():
                return 1

            class Lighthouse:
                \"\"\"A lighthouse.\"\"\"
                def light_lamp(self):
                    pass
            """)
        #expect(section(of: "import os", in: lines) == .some(nil))
        #expect(section(of: "# Rings the bell at dusk.", in: lines) == "ring_bell")
        #expect(section(of: "@scheduled", in: lines) == "ring_bell")
        #expect(section(of: "return 1", in: lines) == "ring_bell")
        #expect(section(of: "\"\"\"A lighthouse.\"\"\"", in: lines) == "Lighthouse")
        #expect(section(of: "pass", in: lines) == "Lighthouse.light_lamp")
    }

    @Test func c_functionNamedThroughItsDeclarators_structsOnlyWhereDefined() throws {
        let lines = try sections("harbour.h", """
            struct tide { int height; };
            static const char *tide_name(struct tide *t) {
                return "spring";
            }
            """)
        #expect(section(of: "struct tide { int height; };", in: lines) == "tide")
        #expect(section(of: "return \"spring\";", in: lines) == "tide_name", "the pointer declarator is followed to the name")
    }

    @Test func cpp_namespacesClassesAndMethods_andMethodsDefinedOutsideTheirClass() throws {
        let lines = try sections("harbour.cpp", """
            namespace harbour {
            class Lighthouse {
              public:
                int lamp() const {
                    return 1;
                }
            };
            }
            // Rings the bell.
            void harbour::Bell::ring(int times) {
                chime(times);
            }
            template <typename T> T &deepest(std::vector<T> &tides) {
                return tides.back();
            }
            Bell::~Bell() {
                silence();
            }
            """)
        #expect(section(of: "return 1;", in: lines) == "harbour.Lighthouse.lamp")
        #expect(section(of: "public:", in: lines) == "harbour.Lighthouse")
        #expect(section(of: "// Rings the bell.", in: lines) == "harbour::Bell::ring")
        #expect(section(of: "chime(times);", in: lines) == "harbour::Bell::ring", "a qualified name says its class")
        #expect(section(of: "return tides.back();", in: lines) == "deepest", "through the template and the reference")
        #expect(section(of: "silence();", in: lines) == "Bell::~Bell")
    }

    @Test(arguments: [
        ("bell.swift", "struct Bell {\n    init() { ring() }\n    func ring() {\n        print(1)\n    }\n}\n", "print(1)", "Bell.ring"),
        ("bell.swift", "struct Bell {\n    init() {\n        ring()\n    }\n}\n", "ring()", "Bell.init"),
        ("bell.go", "package bell\nfunc (b *Bell) Ring() {\n\tprintln(1)\n}\n", "println(1)", "Ring"),
        ("bell.rs", "impl Bell {\n    fn ring(&self) {\n        println!(\"1\");\n    }\n}\n", "println!(\"1\");", "Bell.ring"),
        ("Bell.java", "class Bell {\n    void ring() {\n        System.out.println(1);\n    }\n}\n", "System.out.println(1);", "Bell.ring"),
        ("bell.js", "const ring = () => {\n  console.log(1)\n}\n", "console.log(1)", "ring"),
        ("bell.sh", "ring() {\n  echo 1\n}\n", "echo 1", "ring"),
        ("bell.hpp", "struct Bell {\n  void ring() {\n    chime();\n  }\n};\n", "chime();", "Bell.ring"),
    ])
    func eachLanguage_namesTheDefinitionALineIsIn(name: String, source: String, line: String, expected: String) throws {
        #expect(section(of: line, in: try sections(name, source)) == .some(expected))
    }

    @Test func dataFiles_sectionAtTheirTopLevelKeysOnly() throws {
        let json = try sections("package.json", """
            {
              "name": "folio",
              "dependencies": {
                "left-pad": "1.0.0"
              },
              "files": [{"path": "a"}]
            }
            """)
        #expect(section(of: "\"name\": \"folio\",", in: json) == "name")
        #expect(section(of: "\"left-pad\": \"1.0.0\"", in: json) == "dependencies", "a nested key is within its top-level key")
        #expect(section(of: "\"files\": [{\"path\": \"a\"}]", in: json) == "files")
        let toml = try sections("pyproject.toml", "title = \"x\"\n\n[tool.poetry]\nname = \"folio\"\n\n[[bin]]\npath = \"a\"\n")
        #expect(section(of: "title = \"x\"", in: toml) == "title")
        #expect(section(of: "name = \"folio\"", in: toml) == "tool.poetry")
        #expect(section(of: "path = \"a\"", in: toml) == "bin")
    }

    /// SQL's definitions are its `CREATE` statements, named by what they create (a schema's
    /// name with it); the statements that only use them (`INSERT`) belong to none.
    @Test func sql_createStatementsAreSections_namedByWhatTheyCreate() throws {
        let lines = try sections("harbour.sql", """
            -- Keepers of the lighthouse.
            CREATE TABLE IF NOT EXISTS public.keeper (
                id integer PRIMARY KEY,
                name text NOT NULL
            );
            create index keeper_name on keeper (name);
            CREATE VIEW night_shift AS SELECT name FROM keeper WHERE id > 3;
            CREATE OR REPLACE FUNCTION ring_bell(times integer) RETURNS integer AS $$
            BEGIN
              RETURN times;
            END;
            $$ LANGUAGE plpgsql;
            CREATE TRIGGER keeper_changed AFTER UPDATE ON keeper FOR EACH ROW EXECUTE FUNCTION ring_bell();
            CREATE TYPE mood AS ENUM ('calm', 'stormy');
            CREATE SCHEMA harbour;
            INSERT INTO keeper VALUES (1, 'Anna');
            """)
        #expect(section(of: "-- Keepers of the lighthouse.", in: lines) == "public.keeper", "the comment goes with the table below it")
        #expect(section(of: "name text NOT NULL", in: lines) == "public.keeper")
        #expect(section(of: "create index keeper_name on keeper (name);", in: lines) == "keeper_name", "keywords in any case")
        #expect(section(of: "CREATE VIEW night_shift AS SELECT name FROM keeper WHERE id > 3;", in: lines) == "night_shift")
        #expect(section(of: "RETURN times;", in: lines) == "ring_bell")
        #expect(section(of: "CREATE TRIGGER keeper_changed AFTER UPDATE ON keeper FOR EACH ROW EXECUTE FUNCTION ring_bell();", in: lines)
            == "keeper_changed", "the trigger's name, not its table's")
        #expect(section(of: "CREATE TYPE mood AS ENUM ('calm', 'stormy');", in: lines) == "mood")
        #expect(section(of: "CREATE SCHEMA harbour;", in: lines) == "harbour")
        #expect(section(of: "INSERT INTO keeper VALUES (1, 'Anna');", in: lines) == .some(nil))
    }

    @Test func formFeeds_startPages_andTheDefinitionGoesOn() throws {
        let loader = SourceCodeLoader(parsers: try Self.parsers.get(), minimumWords: 0)
        let document = try loader.load(Fixture.temporary("paged.c", Array("int ring(void) {\n\u{0C}\n  return 1;\n}\n".utf8)))
        #expect(document.pages.map(\.number) == [1, 2])
        #expect(document.pages[1].lines.map(\.section) == ["ring", "ring", "ring", nil])
    }

    /// A definition with fewer words than the minimum is part of the one around it; one
    /// outside every other leaves its lines without a section.
    @Test func smallDefinitions_belongToTheOneAroundThem() throws {
        let source = "class Keeper:\n    def tend(self):\n        return 1\n\n    def ring(self):\n        return 2\n\ndef alone():\n    pass\n"
        let lines = try sections("keeper.py", source, minimumWords: 9)
        #expect(section(of: "return 1", in: lines) == "Keeper", "Keeper has 11 words, tend 4")
        #expect(section(of: "return 2", in: lines) == "Keeper")
        #expect(section(of: "pass", in: lines) == .some(nil))
        let every = try sections("keeper.py", source)
        #expect(section(of: "return 1", in: every) == "Keeper.tend")
        // Each line still knows the innermost definition it is in, however small.
        let loader = SourceCodeLoader(parsers: try Self.parsers.get(), minimumWords: 9)
        let definitions = try loader.load(Fixture.temporary("keeper.py", Array(source.utf8))).pages.flatMap(\.lines)
            .map { ($0.text.trimmingCharacters(in: .whitespaces), $0.definition) }
        #expect(definitions.first { $0.0 == "return 1" }?.1 == "Keeper.tend")
        #expect(definitions.first { $0.0 == "return 2" }?.1 == "Keeper.ring")
        #expect(definitions.first { $0.0 == "pass" }?.1 == "alone")
        #expect(definitions.first { $0.0.isEmpty }?.1 == "Keeper", "the blank line inside the class")
    }

    /// Without the parsers, or for a language they do not read, code is plain text: lines
    /// without sections, as before.
    @Test func withoutParsers_orForAnotherLanguage_linesHaveNoSection() throws {
        let source = "def ring_bell():\n    return 1\n"
        let plain = try SourceCodeLoader(parsers: nil, minimumWords: 0).load(Fixture.temporary("bell.py", Array(source.utf8)))
        #expect(plain.pages.flatMap(\.lines).allSatisfy { $0.section == nil })
        #expect(plain.pages.flatMap(\.lines).map(\.text) == ["def ring_bell():", "    return 1", ""])
        #expect(try sections("bell.rb", "def ring_bell\n  1\nend\n").allSatisfy { $0.1 == nil })
    }

    /// Code that does not parse still has every line; what the parser recovered is named.
    @Test func brokenCode_keepsEveryLine() throws {
        let source = "def ring_bell(:\n    return ((\nclass Keeper:\n    def tend(self): pass\n"
        let lines = try sections("broken.py", source)
        #expect(lines.map(\.0) == source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test func aMissingLibrary_isSaidWithWhereItWasLookedFor() {
        let paths = FolioPaths(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent/share"])
        #expect(throws: LoaderError.codeParsersMissing(lookedIn: ["/nonexistent/.local/share/folio/tree-sitter/libfolio-code.so",
                                                                  "/nonexistent/share/folio/tree-sitter/libfolio-code.so"])) {
            try CodeParsers.open(in: paths)
        }
    }
}

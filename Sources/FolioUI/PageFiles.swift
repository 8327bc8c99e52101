/// The page `folio ui` serves: `Page/index.html`, `app.css`, `app.js` and `favicon.svg`,
/// files in the source tree (an editor's help, and `scripts/lint-page.sh` in `make test`)
/// that the build embeds in the binary (`embedInCode` in Package.swift): nothing is read
/// from disk or fetched from a network when the page is served.
enum PageFiles {
    static let html = PackageResources.index_html
    static let script = PackageResources.app_js
    static let style = PackageResources.app_css
    static let icon = PackageResources.favicon_svg
}

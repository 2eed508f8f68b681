// SARIF 2.1.0 output: one run, one rule per diagnostic code that occurs, one result per diagnostic.
// The shape is what GitHub code scanning accepts (ruleId, level, message.text, a physical location
// with a 1-based region).
#include <map>

#include "qdiff/lint.hpp"
#include "support/json_writer.hpp"

namespace qdiff {
namespace {

std::string_view sarif_level(Severity s) {
    switch (s) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Note: return "note";
    }
    return "none";
}

void write_region(support::JsonWriter& w, const SourceText& source, Span span) {
    LineCol begin = source.position(span.begin);
    LineCol end = source.position(span.end);
    w.key("region")
        .begin_object()
        .field("startLine", begin.line)
        .field("startColumn", begin.column)
        .field("endLine", end.line)
        .field("endColumn", end.column)
        .field("charOffset", span.begin)
        .field("charLength", span.size())
        .end_object();
}

void write_location(support::JsonWriter& w, const SourceText& source, Span span) {
    w.begin_object().key("physicalLocation").begin_object();
    w.key("artifactLocation").begin_object().field("uri", source.name()).end_object();
    write_region(w, source, span);
    w.end_object().end_object();
}

}  // namespace

std::string render_sarif(const std::vector<SarifInput>& files) {
    std::map<std::string_view, int> rule_index;  // code -> index in driver.rules, in code order
    for (const SarifInput& f : files)
        for (const Diagnostic& d : *f.diagnostics) rule_index.emplace(d.code(), 0);
    int next = 0;
    for (auto& [code, index] : rule_index) index = next++;

    std::string out;
    support::JsonWriter w(out, true);
    w.begin_object().field("version", "2.1.0").field("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    w.key("runs").begin_array().begin_object();
    w.key("tool")
        .begin_object()
        .key("driver")
        .begin_object()
        .field("name", "qdiff")
        .field("informationUri", "https://github.com/qdiff/qdiff")
        .field("version", "0.1.0");
    w.key("rules").begin_array();
    for (const auto& [code, index] : rule_index) {
        const DiagInfo& info = *find_diag(code);
        w.begin_object().field("id", code).field("name", code);
        w.key("shortDescription").begin_object().field("text", info.message_template).end_object();
        w.key("defaultConfiguration").begin_object().field("level", sarif_level(info.severity)).end_object();
        w.key("properties").begin_object().field("group", info.group).end_object();
        w.end_object();
    }
    w.end_array().end_object().end_object();  // rules, driver, tool

    w.key("artifacts").begin_array();
    for (const SarifInput& f : files)
        w.begin_object().key("location").begin_object().field("uri", f.source->name()).end_object().end_object();
    w.end_array();

    w.key("results").begin_array();
    for (const SarifInput& f : files) {
        for (const Diagnostic& d : *f.diagnostics) {
            w.begin_object()
                .field("ruleId", d.code())
                .field("ruleIndex", rule_index[d.code()])
                .field("level", sarif_level(d.severity));
            w.key("message").begin_object().field("text", d.message).end_object();
            w.key("locations").begin_array();
            write_location(w, *f.source, d.span);
            w.end_array();
            if (!d.notes.empty()) {
                w.key("relatedLocations").begin_array();
                for (size_t i = 0; i < d.notes.size(); ++i) {
                    w.begin_object().field("id", static_cast<int>(i));
                    w.key("message").begin_object().field("text", d.notes[i].message).end_object();
                    w.key("physicalLocation").begin_object();
                    w.key("artifactLocation").begin_object().field("uri", f.source->name()).end_object();
                    write_region(w, *f.source, d.notes[i].span);
                    w.end_object().end_object();
                }
                w.end_array();
            }
            if (!d.fixits.empty()) {
                w.key("fixes").begin_array().begin_object();
                w.key("description")
                    .begin_object()
                    .field("text", "replace with '" + d.fixits.front().replacement + "'")
                    .end_object();
                w.key("artifactChanges").begin_array().begin_object();
                w.key("artifactLocation").begin_object().field("uri", f.source->name()).end_object();
                w.key("replacements").begin_array();
                for (const FixIt& fix : d.fixits) {
                    w.begin_object()
                        .key("deletedRegion")
                        .begin_object()
                        .field("charOffset", fix.span.begin)
                        .field("charLength", fix.span.size())
                        .end_object();
                    w.key("insertedContent").begin_object().field("text", fix.replacement).end_object();
                    w.end_object();
                }
                w.end_array().end_object().end_array().end_object().end_array();
            }
            w.end_object();
        }
    }
    w.end_array();
    w.end_object().end_array().end_object();
    out += '\n';
    return out;
}

}  // namespace qdiff

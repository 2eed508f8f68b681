// Diagnostic output: compiler-style text with a caret line, and JSON.
#include <algorithm>

#include "qdiff/diagnostic.hpp"
#include "support/json_writer.hpp"

namespace qdiff {
namespace {

// The source line with a caret under the span; tabs are kept so the caret lines up.
void append_snippet(std::string& out, const SourceText& source, Span span) {
    LineCol at = source.position(span.begin);
    std::string_view line = source.line_text(at.line);
    constexpr size_t kMaxShown = 200;
    size_t line_begin = static_cast<size_t>(line.data() - source.text().data());
    size_t caret = span.begin - line_begin;
    // Long lines (a 1 MB one-line query) are cut to a window around the caret.
    size_t window_begin = caret > kMaxShown / 2 ? caret - kMaxShown / 2 : 0;
    std::string_view shown = line.substr(std::min(window_begin, line.size()), kMaxShown);
    out += "  ";
    if (window_begin > 0) out += "...";
    for (char c : shown) out += (static_cast<unsigned char>(c) < 0x20 && c != '\t') ? ' ' : c;
    out += "\n  ";
    if (window_begin > 0) out += "   ";
    for (size_t i = window_begin; i < caret && i < line.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(line[i]);
        if ((c & 0xC0) == 0x80) continue;  // one column per code point
        out += c == '\t' ? '\t' : ' ';
    }
    out += '^';
    size_t length = std::min<size_t>(span.size(), line.size() > caret ? line.size() - caret : 0);
    for (size_t i = 1; i < length && i < kMaxShown / 2; ++i)
        if ((static_cast<unsigned char>(line[caret + i]) & 0xC0) != 0x80) out += '~';
    out += '\n';
}

void append_header(std::string& out, const SourceText& source, Span span, std::string_view severity,
                   std::string_view message) {
    LineCol at = source.position(span.begin);
    out += source.name();
    out += ':' + std::to_string(at.line) + ':' + std::to_string(at.column) + ": ";
    out += severity;
    out += ": ";
    out += message;
}

// Fix-it text on one line: line breaks and tabs are shown as escapes.
std::string one_line(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\r')
            out += "\\r";
        else
            out += c;
    }
    return out;
}

// An empty span inserts, an empty replacement deletes; anything else replaces.
void append_fixit(std::string& out, const SourceText& source, const FixIt& f) {
    if (f.span.empty()) {
        LineCol at = source.position(f.span.begin);
        out += "  fix-it: insert '" + one_line(f.replacement) + "' at " + std::to_string(at.line) + ':' +
               std::to_string(at.column) + '\n';
    } else if (f.replacement.empty()) {
        out += "  fix-it: delete '" + one_line(source.slice(f.span)) + "'\n";
    } else {
        out += "  fix-it: replace '" + one_line(source.slice(f.span)) + "' with '" + one_line(f.replacement) + "'\n";
    }
}

}  // namespace

std::string render_text(const Diagnostic& d, const SourceText& source) {
    std::string out;
    append_header(out, source, d.span, severity_name(d.severity), d.message);
    out += " [";
    out += d.code();
    out += "]\n";
    append_snippet(out, source, d.span);
    for (const FixIt& f : d.fixits) append_fixit(out, source, f);
    for (const DiagNote& n : d.notes) {
        append_header(out, source, n.span.empty() && n.span.begin == 0 ? d.span : n.span, "note", n.message);
        out += '\n';
    }
    return out;
}

std::string render_text(const std::vector<Diagnostic>& ds, const SourceText& source) {
    std::string out;
    for (const Diagnostic& d : ds) out += render_text(d, source);
    return out;
}

std::string render_json(const std::vector<Diagnostic>& ds, const SourceText& source) {
    std::string out;
    support::JsonWriter w(out);
    w.begin_array();
    for (const Diagnostic& d : ds) {
        LineCol begin = source.position(d.span.begin);
        LineCol end = source.position(d.span.end);
        w.begin_object()
            .field("code", d.code())
            .field("severity", severity_name(d.severity))
            .field("message", d.message)
            .field("line", begin.line)
            .field("column", begin.column)
            .field("end_line", end.line)
            .field("end_column", end.column)
            .field("offset", d.span.begin)
            .field("length", d.span.size());
        if (!d.notes.empty()) {
            w.key("notes").begin_array();
            for (const DiagNote& n : d.notes) {
                LineCol at = source.position(n.span.begin);
                w.begin_object()
                    .field("message", n.message)
                    .field("line", at.line)
                    .field("column", at.column)
                    .end_object();
            }
            w.end_array();
        }
        if (!d.fixits.empty()) {
            w.key("fixits").begin_array();
            for (const FixIt& f : d.fixits)
                w.begin_object()
                    .field("offset", f.span.begin)
                    .field("length", f.span.size())
                    .field("replacement", f.replacement)
                    .end_object();
            w.end_array();
        }
        w.end_object();
    }
    w.end_array();
    return out;
}

}  // namespace qdiff

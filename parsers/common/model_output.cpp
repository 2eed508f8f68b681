#include "parsers/common/model_output.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

namespace qdiff::parsers {
namespace {

constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";
constexpr std::string_view fence_marker = "```";

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

struct Line {
    size_t begin;  // first byte
    size_t end;    // the line break, or the end of the text
};

std::string_view trimmed(std::string_view text, Line line, size_t* first = nullptr) {
    size_t b = line.begin, e = line.end;
    while (b < e && is_blank(text[b])) ++b;
    while (e > b && is_blank(text[e - 1])) --e;
    if (first) *first = b;
    return text.substr(b, e - b);
}

std::vector<Line> lines_of(std::string_view text) {
    std::vector<Line> lines;
    size_t begin = 0;
    for (;;) {
        size_t nl = text.find('\n', begin);
        lines.push_back({begin, nl == std::string_view::npos ? text.size() : nl});
        if (nl == std::string_view::npos) return lines;
        begin = nl + 1;
    }
}

bool is_tag_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '+' || c == '.' || c == '#';
}

// An opening fence line: ``` and an info string of one word. A line that carries more, e.g. the end
// of a KQL ```multi-line string```; or ```, is not a fence.
std::optional<std::string_view> opening_tag(std::string_view line) {
    if (!line.starts_with(fence_marker)) return std::nullopt;
    std::string_view tag = line.substr(fence_marker.size());
    if (!std::all_of(tag.begin(), tag.end(), is_tag_char)) return std::nullopt;
    return tag;
}

// An odd number of ``` before `at`: `at` is inside a KQL multi-line string, not after prose.
bool inside_multiline_string(std::string_view text, size_t at) {
    size_t count = 0;
    for (size_t i = text.find(fence_marker); i < at; i = text.find(fence_marker, i + fence_marker.size())) ++count;
    return count % 2 == 1;
}

void blank(std::string& text, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
        if (text[i] != '\n' && text[i] != '\r') text[i] = ' ';
}

Span span_of(size_t begin, size_t end) { return {static_cast<uint32_t>(begin), static_cast<uint32_t>(end)}; }

// Non-blank text in [begin, end): a warning that it is ignored (`message`), and blanked.
void drop_prose(UnwrappedText& out, size_t begin, size_t end, std::string_view message) {
    while (begin < end && is_blank(out.text[begin])) ++begin;
    while (end > begin && is_blank(out.text[end - 1])) --end;
    if (begin == end) return;
    out.diagnostics.push_back(make_diagnostic(DiagId::ProseIgnored, span_of(begin, end), {std::string(message)}));
    out.changed = true;
    blank(out.text, begin, end);
}

// The info strings a model puts after a fence that follows its prose on the same line
// (`Sure! ```sql`). Only these: after other text, ```word may also open a KQL multi-line string.
bool is_query_language_tag(std::string_view tag) {
    static constexpr std::string_view tags[] = {"sql",    "sqlite",    "postgres", "postgresql", "mysql",
                                                "tsql",   "bigquery",  "snowflake", "duckdb",    "kql",
                                                "kusto",  "graphql",   "gql"};
    std::string lower(tag);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return std::find(std::begin(tags), std::end(tags), lower) != std::end(tags);
}

// Prose: a line of words (letters, digits, spaces, sentence punctuation) that does not start with a
// word queries start with. No query line reads like this: each has operators, parentheses or quotes.
bool is_prose_line(std::string_view line) {
    if (line.empty() || !std::isalpha(static_cast<unsigned char>(line.front()))) return false;
    bool words = std::all_of(line.begin(), line.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '\t' || c == ',' || c == '.' ||
               c == '!' || c == '?' || c == '\'' || c == '-' || c == ':' || static_cast<unsigned char>(c) >= 0x80;
    });
    if (!words) return false;
    std::string first(line.substr(0, line.find_first_of(" \t,.!?:")));
    for (char& c : first) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    static constexpr std::string_view query_starts[] = {"SELECT", "WITH",   "FROM",  "WHERE", "INSERT", "UPDATE",
                                                        "DELETE", "CREATE", "GROUP", "ORDER", "LET",    "PRINT",
                                                        "QUERY",  "GET",    "AND",   "OR",    "JOIN",   "LIMIT"};
    return std::find(std::begin(query_starts), std::end(query_starts), first) == std::end(query_starts);
}

// Prose before a query without a fence (`Here is the query:` then the query; `Sure!` may come
// first): every line up to the last prose line that ends with ':', when a query follows it.
void strip_leading_prose(UnwrappedText& out) {
    const std::string_view text = out.text;
    size_t prose_end = 0;  // the end of the last introducing line
    for (const Line& line : lines_of(text)) {
        std::string_view t = trimmed(text, line);
        if (t.empty()) continue;
        if (!is_prose_line(t)) break;
        if (t.back() == ':') prose_end = line.end;
    }
    if (prose_end == 0 || trimmed(text, {prose_end, text.size()}).empty()) return;
    drop_prose(out, 0, prose_end, "text before the query is ignored");
}

void strip_fence(UnwrappedText& out) {
    const std::string_view text = out.text;
    const std::vector<Line> lines = lines_of(text);
    size_t open = 0, open_begin = 0;
    std::optional<std::string_view> tag;
    for (; open < lines.size() && !tag; ++open) {
        size_t first = 0;
        std::string_view line = trimmed(text, lines[open], &first);
        tag = opening_tag(line);
        // `Sure! ```sql`: the fence ends a line of prose; only a query language's tag opens it there.
        if (size_t marker = line.rfind(fence_marker); !tag && marker != std::string_view::npos && marker > 0) {
            tag = opening_tag(line.substr(marker));
            if (tag && !is_query_language_tag(*tag)) tag.reset();
            first += marker;
        }
        // After other text, only a tagged fence opens (a lone ``` line ends a KQL multi-line string).
        bool after_text = !trimmed(text, {0, first}).empty();
        if (tag && after_text && (tag->empty() || inside_multiline_string(text, first))) tag.reset();
        open_begin = first;
    }
    if (!tag) return strip_leading_prose(out);
    const Line open_line = lines[--open];
    out.fence_tag = std::string(*tag);

    // The closing fence is a line of its own; models also end the last query line with it.
    size_t close_begin = text.size(), close_end = text.size();
    for (size_t i = open + 1; i < lines.size(); ++i) {
        size_t first = 0;
        std::string_view t = trimmed(text, lines[i], &first);
        if (t == fence_marker) {
            close_begin = first;
            close_end = first + fence_marker.size();
            break;
        }
        if (t.ends_with(fence_marker) && i + 1 < lines.size() &&
            trimmed(text, {lines[i + 1].begin, text.size()}).empty()) {
            close_begin = first + t.size() - fence_marker.size();
            close_end = close_begin + fence_marker.size();
            break;
        }
    }
    if (close_begin == text.size()) {
        size_t last = 0;
        std::string_view t = trimmed(text, {open_line.end, text.size()}, &last);
        if (t.ends_with(fence_marker) && t.size() > fence_marker.size()) {
            close_begin = last + t.size() - fence_marker.size();
            close_end = close_begin + fence_marker.size();
        }
    }
    out.changed = true;
    const std::string label = out.fence_tag.empty() ? std::string("Markdown code fence removed")
                                                    : "Markdown code fence (" + out.fence_tag + ") removed";
    out.diagnostics.push_back(make_diagnostic(DiagId::FenceStripped, span_of(open_begin, open_line.end), {label}));
    drop_prose(out, 0, open_begin, "text before the code fence is ignored");
    blank(out.text, open_begin, open_line.end);
    blank(out.text, close_begin, close_end);
    drop_prose(out, close_end, text.size(), "text after the code fence is ignored");
}

}  // namespace

UnwrappedText unwrap_model_output(std::string_view input) {
    UnwrappedText out{std::string(input), {}, false, {}};
    if (input.starts_with(byte_order_mark)) {
        blank(out.text, 0, byte_order_mark.size());
        out.changed = true;
        out.diagnostics.push_back(make_diagnostic(DiagId::ByteOrderMark, span_of(0, byte_order_mark.size())));
    }
    strip_fence(out);
    return out;
}

}  // namespace qdiff::parsers

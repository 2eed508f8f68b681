// Diagnostics: one catalogue of stable codes, one diagnostic type for every stage.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/source.hpp"

namespace qdiff {

enum class Severity : uint8_t { Note, Warning, Error };
std::string_view severity_name(Severity s);

enum class DiagId : uint16_t {
#define QDIFF_DIAG(Id, code, severity, group, message) Id,
#include "qdiff/diagnostic_codes.def"
#undef QDIFF_DIAG
};

struct DiagInfo {
    DiagId id;
    std::string_view code;
    Severity severity;
    std::string_view group;
    std::string_view message_template;
};
const DiagInfo& diag_info(DiagId id);
const std::vector<DiagInfo>& diag_catalogue();
const DiagInfo* find_diag(std::string_view code);

struct DiagNote {
    Span span;
    std::string message;
};

// Replace `span` with `replacement`.
struct FixIt {
    Span span;
    std::string replacement;
};

struct Diagnostic {
    DiagId id;
    Severity severity;
    Span span;
    std::string message;
    std::vector<DiagNote> notes;
    std::vector<FixIt> fixits;

    std::string_view code() const { return diag_info(id).code; }
};

// Builds a diagnostic from the catalogue, substituting `args` for the `{}` of the template in order.
Diagnostic make_diagnostic(DiagId id, Span span, std::initializer_list<std::string_view> args = {});

bool has_errors(const std::vector<Diagnostic>& diagnostics);

// Compiler-style text: `name:line:col: error: message [code]`, the source line, a caret line,
// then notes and fix-its.
std::string render_text(const Diagnostic& d, const SourceText& source);
std::string render_text(const std::vector<Diagnostic>& ds, const SourceText& source);
// A JSON array of {"code","severity","message","line","column","end_line","end_column","offset","length",...}.
std::string render_json(const std::vector<Diagnostic>& ds, const SourceText& source);

}  // namespace qdiff

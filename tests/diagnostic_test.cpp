// The diagnostic catalogue and its renderings.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <set>

#include "qdiff/diagnostic.hpp"

using namespace qdiff;

TEST_CASE("the catalogue has unique codes and ids in order", "[diagnostics]") {
    std::set<std::string_view> codes;
    for (size_t i = 0; i < diag_catalogue().size(); ++i) {
        const DiagInfo& d = diag_catalogue()[i];
        CHECK(static_cast<size_t>(d.id) == i);
        CHECK(codes.insert(d.code).second);
        CHECK(find_diag(d.code) == &d);
    }
    CHECK(find_diag("no-such-code") == nullptr);
}

TEST_CASE("messages substitute their arguments", "[diagnostics]") {
    Diagnostic d = make_diagnostic(DiagId::UnexpectedToken, {9, 13}, {"'FORM'"});
    CHECK(d.message == "unexpected 'FORM'");
    CHECK(d.code() == "unexpected-token");
    CHECK(d.severity == Severity::Error);
    Diagnostic missing = make_diagnostic(DiagId::MissingToken, {3, 3}, {"')'"});
    CHECK(missing.message == "missing ')' before {}");  // an absent argument leaves its placeholder
}

TEST_CASE("text rendering shows the line and a caret", "[diagnostics]") {
    SourceText source("SELECT *\nFORM t", "q.sql");
    Diagnostic d = make_diagnostic(DiagId::UnexpectedToken, {9, 13}, {"'FORM'"});
    d.fixits.push_back({{9, 13}, "FROM"});
    std::string text = render_text(d, source);
    CHECK(text ==
          "q.sql:2:1: error: unexpected 'FORM' [unexpected-token]\n"
          "  FORM t\n"
          "  ^~~~\n"
          "  fix-it: replace 'FORM' with 'FROM'\n");
}

TEST_CASE("JSON rendering carries line, column and code", "[diagnostics]") {
    SourceText source("SELECT 'abc");
    Diagnostic d = make_diagnostic(DiagId::UnterminatedString, {7, 8}, {"string literal"});
    auto json = nlohmann::json::parse(render_json({d}, source));
    REQUIRE(json.size() == 1);
    CHECK(json[0]["code"] == "unterminated-string");
    CHECK(json[0]["line"] == 1);
    CHECK(json[0]["column"] == 8);
    CHECK(json[0]["message"] == "unterminated string literal");
    CHECK(json[0]["severity"] == "error");
}

// Issue 18: the KQL fix-it read "replace '' with '\n| take 100'".
TEST_CASE("an empty-span fix-it renders as an insertion, an empty replacement as a deletion", "[diagnostics]") {
    SourceText source("StormEvents", "q.kql");
    Diagnostic d = make_diagnostic(DiagId::KqlMissingTake, {0, 11});
    d.fixits.push_back({{11, 11}, "\n| take 100"});
    d.fixits.push_back({{0, 5}, ""});
    std::string text = render_text(d, source);
    CHECK(text.find("fix-it: insert '\\n| take 100' at 1:12\n") != std::string::npos);
    CHECK(text.find("fix-it: delete 'Storm'\n") != std::string::npos);
    CHECK(text.find("replace ''") == std::string::npos);
}

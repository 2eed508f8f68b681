// diff_pairs: many pairs on all cores — every record kept, in input order, identical to one thread.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "qdiff/compare.hpp"
#include "support/corpus.hpp"

namespace {

using namespace qdiff;

std::string fixed(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string atom_text(const Atom& a) {
    return a.text + "@" + std::to_string(a.span.begin) + "-" + std::to_string(a.span.end);
}

// Every field of a result that the CLI prints, as one string: equal strings, equal outputs.
std::string fingerprint(const PairScore& p) {
    std::string out = p.ok ? "ok " : "error " + p.error;
    out += " diagnostics " + std::to_string(p.expected_diagnostics.size()) + "/" +
           std::to_string(p.generated_diagnostics.size());
    if (!p.ok) return out;
    const DiffResult& r = p.result;
    out += " score " + fixed(r.score) + (r.gated ? " gated" : "");
    for (const ComponentResult& c : r.components) {
        out += "\n " + std::string(component_name(c.component)) + " " + fixed(c.score) + " w" + fixed(c.weight);
        for (auto& m : c.matched) out += " =" + atom_text(m.expected) + "|" + atom_text(m.generated);
        for (auto& m : c.changed)
            out += " ~" + atom_text(m.expected) + "|" + atom_text(m.generated) + " " + fixed(m.similarity);
        for (auto& a : c.missing) out += " -" + atom_text(a);
        for (auto& a : c.extra) out += " +" + atom_text(a);
    }
    for (const Edit& e : r.edits)
        out += "\n edit " + std::string(edit_kind_name(e.op)) + " " + std::string(component_name(e.component));
    for (const TreeEdit& e : r.tree_edits)
        out += "\n node " + std::string(edit_kind_name(e.op)) + " " + e.expected_label + " " +
               std::to_string(e.expected.begin) + " " + e.generated_label + " " + std::to_string(e.generated.begin);
    return out;
}

}  // namespace

TEST_CASE("diff_pairs: one result per pair, in input order, with the errors of each", "[diff][diff_pairs]") {
    std::vector<PairInput> pairs = {
        {"SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE b > 2", Language::Sql, Language::Sql},
        {"SELECT a FROM t", "SELECT a FORM t", Language::Sql, Language::Sql},
        {"SELECT FROM WHERE", "SELECT a FROM t", Language::Sql, Language::Sql},
        {"SELECT a FROM t", "SELECT a FROM t", Language::Sql, Language::Sql},
        {"SELECT level, COUNT(*) FROM Traces GROUP BY level", "Traces | summarize count() by level", Language::Sql,
         Language::Kql},
    };
    Profile full = load_profile("full");
    for (unsigned threads : {1u, 3u, 0u}) {
        INFO("threads " << threads);
        std::vector<PairScore> r = diff_pairs(pairs, full, threads);
        REQUIRE(r.size() == pairs.size());
        CHECK(r[0].ok);
        CHECK(r[0].result.score < 1.0);
        CHECK(r[0].result.score > 0.8);
        CHECK_FALSE(r[1].ok);
        CHECK(r[1].error == "the generated query does not parse");
        CHECK(r[1].expected_diagnostics.empty());
        REQUIRE_FALSE(r[1].generated_diagnostics.empty());
        CHECK(r[1].generated_source->text() == "SELECT a FORM t");
        CHECK_FALSE(r[2].ok);
        CHECK(r[2].error == "the expected query does not parse");
        CHECK(r[3].ok);
        CHECK(r[3].result.score == Approx(1.0));
        CHECK(r[4].ok);
        CHECK(r[4].result.score == Approx(1.0));
    }
    CHECK(diff_pairs({}, full, 4).empty());
}

TEST_CASE("diff_pairs: all cores give byte-identical results to one thread over the Spider pairs",
          "[diff][diff_pairs][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    auto gold = testing::read_lines(testing::corpus_dir() / "sql/spider/gold.tsv");
    auto pred = testing::read_lines(testing::corpus_dir() / "sql/spider/pred.sql");
    REQUIRE(gold.size() == pred.size());
    std::vector<PairInput> pairs;
    for (size_t i = 0; i < gold.size(); ++i)
        pairs.push_back({gold[i].substr(0, gold[i].find('\t')), pred[i], Language::Sql, Language::Sql});
    for (const char* name : {"full", "hybrid"}) {
        Profile profile = load_profile(name);
        std::vector<PairScore> one = diff_pairs(pairs, profile, 1);
        std::vector<PairScore> many = diff_pairs(pairs, profile, 4);
        REQUIRE(one.size() == pairs.size());
        REQUIRE(many.size() == pairs.size());
        size_t scored = 0, differing = 0;
        for (size_t i = 0; i < pairs.size(); ++i) {
            scored += one[i].ok ? 1 : 0;
            if (fingerprint(one[i]) != fingerprint(many[i])) {
                ++differing;
                UNSCOPED_INFO("pair " << i << " differs:\n" << fingerprint(one[i]) << "\nvs\n" << fingerprint(many[i]));
            }
            if (!one[i].ok) WARN("pair " << i << " (" << name << ") not scored: " << one[i].error);
        }
        INFO(name << ": " << scored << " of " << pairs.size() << " pairs scored");
        CHECK(differing == 0);
        CHECK(scored >= pairs.size() * 98 / 100);
    }
}

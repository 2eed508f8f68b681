// Schemas and helpers for the KQL and Weaviate lint tests: a small Kusto database, a small Weaviate
// schema, and a reader for the NL2KQL *_Schema.json files of the shared corpus.
#pragma once
#include <filesystem>
#include <string>

#include "qdiff/lint.hpp"

namespace qdiff::testing {

// SecurityEvent, SigninLogs and DeviceProcessEvents, time-partitioned on TimeGenerated/Timestamp.
const Schema& kusto_schema();
// Article (with a cross-reference to Publication) and Publication.
const Schema& weaviate_schema();
// An NL2KQL *_Schema.json (the first database). Stands in for load_schema() until the schema
// branch's loaders land; a table is time-partitioned when it has a datetime Timestamp/TimeGenerated.
Schema read_nl2kql_schema(const std::filesystem::path& path);

LintResult lint_kql(const std::string& kql, const Schema* schema = &kusto_schema(), LintOptions options = {});
LintResult lint_weaviate(const std::string& query, const Schema* schema = &weaviate_schema(), LintOptions options = {});

}  // namespace qdiff::testing

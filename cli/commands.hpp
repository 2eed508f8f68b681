#pragma once
#include <string>
#include <vector>

#include "qdiff/schema.hpp"

namespace qdiff::cli {

// Each returns the process exit code: 0 success, 1 findings, 2 usage or unreadable input.
int run_parse(const std::vector<std::string>& args);
int run_tokens(const std::vector<std::string>& args);
int run_tree(const std::vector<std::string>& args);
int run_diff(const std::vector<std::string>& args);
int run_batch(const std::vector<std::string>& args);
int run_lint(const std::vector<std::string>& args);
int run_run(const std::vector<std::string>& args);
int run_calibrate(const std::vector<std::string>& args);
int run_report(const std::vector<std::string>& args);
int run_serve(const std::vector<std::string>& args);

// `--schema FILE[#NAME]` (lint, diff --db synth): the schema, or a usage error naming the problem.
Schema load_schema_option(const std::string& spec);

}  // namespace qdiff::cli

#pragma once
#include <string>
#include <vector>

namespace qdiff::cli {

// Each returns the process exit code: 0 success, 1 findings, 2 usage or unreadable input.
int run_parse(const std::vector<std::string>& args);
int run_tokens(const std::vector<std::string>& args);
int run_tree(const std::vector<std::string>& args);
int run_diff(const std::vector<std::string>& args);
int run_batch(const std::vector<std::string>& args);
int run_lint(const std::vector<std::string>& args);
int run_calibrate(const std::vector<std::string>& args);

}  // namespace qdiff::cli

// The files of web/ (the pages of `qdiff report` and `qdiff serve`), compiled in by cmake/EmbedWeb.cmake.
#pragma once
#include <map>
#include <string>
#include <string_view>

namespace qdiff::cli {

const std::map<std::string, std::string_view>& web_files();

// A page with its stylesheets and scripts inlined: each `<!-- inline NAME -->` line of the page is
// replaced by the web file NAME inside a <style> or <script> element, so the page needs nothing else.
std::string inline_page(const std::string& page);

}  // namespace qdiff::cli

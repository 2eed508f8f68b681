#include "cli/web_assets.hpp"

#include <stdexcept>

namespace qdiff::cli {

std::string inline_page(const std::string& page) {
    auto file = [](const std::string& name) {
        auto it = web_files().find(name);
        if (it == web_files().end()) throw std::logic_error("web/" + name + " is not compiled in");
        return std::string(it->second);
    };
    std::string out = file(page);
    const std::string marker = "<!-- inline ";
    for (size_t at = out.find(marker); at != std::string::npos; at = out.find(marker, at)) {
        size_t end = out.find(" -->", at);
        if (end == std::string::npos) break;
        std::string name = out.substr(at + marker.size(), end - at - marker.size());
        bool style = name.ends_with(".css");
        std::string element = style ? "<style>\n" + file(name) + "</style>" : "<script>\n" + file(name) + "</script>";
        out.replace(at, end + 4 - at, element);
        at += element.size();
    }
    return out;
}

}  // namespace qdiff::cli

#include "model/common/InputError.h"

namespace tlaloc {

static std::string compose(const std::string& file, const std::string& place, const std::string& what) {
    std::string out = file.empty() ? std::string("<input>") : file;
    if (!place.empty()) out += ": " + place;
    return out + ": " + what;
}

InputError::InputError(std::string file, std::string place, const std::string& what)
    : std::runtime_error(compose(file, place, what)), file_(std::move(file)), place_(std::move(place)) {}

}  // namespace tlaloc

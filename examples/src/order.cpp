#include "order.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace shop {

long Order::total_cents() const {
  long total = 0;
  for (const LineItem &item : items) {
    total += item.unit_price_cents * item.quantity;
  }
  return total;
}

std::string json_escape(const std::string &text) {
  std::string out;
  out.reserve(text.size() + 2);
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        char escaped[7];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
        out += escaped;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out;
}

std::string to_json(const Order &order) {
  std::ostringstream json;
  json << "{\"order_id\":\"" << json_escape(order.id) << "\",\"customer_id\":\""
       << json_escape(order.customer_id) << "\",\"currency\":\""
       << json_escape(order.currency)
       << "\",\"total_cents\":" << order.total_cents() << ",\"items\":[";
  for (std::size_t i = 0; i < order.items.size(); ++i) {
    const LineItem &item = order.items[i];
    json << (i ? "," : "") << "{\"sku\":\"" << json_escape(item.sku)
         << "\",\"quantity\":" << item.quantity
         << ",\"unit_price_cents\":" << item.unit_price_cents << "}";
  }
  json << "]}";
  return json.str();
}

std::optional<std::string> json_string_field(const std::string &body,
                                             const std::string &field) {
  const std::string needle = "\"" + field + "\"";
  std::size_t pos = body.find(needle);
  if (pos == std::string::npos) {
    return std::nullopt;
  }
  pos = body.find(':', pos + needle.size());
  if (pos == std::string::npos) {
    return std::nullopt;
  }
  pos = body.find('"', pos + 1);
  if (pos == std::string::npos) {
    return std::nullopt;
  }
  std::string value;
  for (std::size_t i = pos + 1; i < body.size(); ++i) {
    const char c = body[i];
    if (c == '\\' && i + 1 < body.size()) {
      value += body[++i];
    } else if (c == '"') {
      return value;
    } else {
      value += c;
    }
  }
  return std::nullopt;
}

std::optional<long> json_long_field(const std::string &body,
                                    const std::string &field) {
  const std::string needle = "\"" + field + "\"";
  std::size_t pos = body.find(needle);
  if (pos == std::string::npos) {
    return std::nullopt;
  }
  pos = body.find(':', pos + needle.size());
  if (pos == std::string::npos) {
    return std::nullopt;
  }
  const char *start = body.c_str() + pos + 1;
  char *end = nullptr;
  const long value = std::strtol(start, &end, 10);
  if (end == start) {
    return std::nullopt;
  }
  return value;
}

} // namespace shop

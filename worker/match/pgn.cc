#include "worker/match/pgn.h"

#include <cctype>
#include <memory>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "engine/game.h"

namespace gc9::worker {
namespace {

constexpr size_t kLineWidth = 79;

std::string Escape(absl::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '\\' || c == '"') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

// Appends a token to the movetext, wrapping lines as PGN's export format asks (< 80 chars).
void AppendToken(absl::string_view token, std::string* text, size_t* line_length) {
  if (*line_length > 0 && *line_length + 1 + token.size() > kLineWidth) {
    text->push_back('\n');
    *line_length = 0;
  } else if (*line_length > 0) {
    text->push_back(' ');
    ++*line_length;
  }
  absl::StrAppend(text, token);
  *line_length += token.size();
}

// A comment as one token; a brace inside would end it early.
std::string CommentToken(absl::string_view comment) {
  std::string token = absl::StrCat("{", comment, "}");
  for (size_t i = 1; i + 1 < token.size(); ++i) {
    if (token[i] == '}') token[i] = ')';
  }
  return token;
}

bool IsResult(absl::string_view token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

}  // namespace

absl::StatusOr<std::string> WritePgn(const std::shared_ptr<const engine::Variant>& variant,
                                     const PgnGame& game) {
  std::string text;
  for (const auto& [name, value] : game.tags) {
    absl::StrAppend(&text, "[", name, " \"", Escape(value), "\"]\n");
  }
  if (!game.tags.empty()) text.push_back('\n');

  ASSIGN_OR_RETURN(std::unique_ptr<engine::Game> board, engine::Game::New(variant));
  if (!game.start_fen.empty()) RETURN_IF_ERROR(board->SetFen(game.start_fen));
  // Move numbers are the FEN full-move counter of the position before each move, so they stay
  // right when a game starts with Black or, in a placement phase, one side moves twice in a
  // row (TheGrandChess9: White drops both pawns, then Black). A White move always carries its
  // number ("3."); a Black move carries "3..." unless it directly follows White's move of the
  // same number. Placement in TheGrandChess9 thus reads "1. P@c3 1. P@g3 P@c7 1... P@g7 2. ...".
  // A multi-move turn is one entry and one token, its moves' SAN joined by commas.
  size_t line_length = 0;
  bool after_white_move = false;
  int last_number = 0;
  for (size_t i = 0; i < game.moves.size(); ++i) {
    absl::StatusOr<std::string> san = board->San(game.moves[i]);
    if (!san.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("PGN move ", i + 1, " '", game.moves[i], "': ", san.status().message()));
    }
    const int number = board->fullmove();
    const bool white = board->side_to_move() == engine::kWhite;
    // A number and its move are one token for wrapping, so no line ends with a bare number.
    std::string token = *std::move(san);
    if (white) {
      token = absl::StrCat(number, ". ", token);
    } else if (!(after_white_move && last_number == number)) {
      token = absl::StrCat(number, "... ", token);
    }
    after_white_move = white;
    last_number = number;
    AppendToken(token, &text, &line_length);
    RETURN_IF_ERROR(board->Play(game.moves[i]));
    if (i < game.move_comments.size() && !game.move_comments[i].empty()) {
      AppendToken(CommentToken(game.move_comments[i]), &text, &line_length);
      after_white_move = false;  // after a comment, Black's move is numbered again ("3...")
    }
  }
  if (!game.termination_comment.empty()) {
    AppendToken(CommentToken(game.termination_comment), &text, &line_length);
  }
  AppendToken(game.result.empty() ? "*" : game.result, &text, &line_length);
  text.append("\n\n");
  return text;
}

absl::StatusOr<PgnGame> ReadPgn(absl::string_view text) {
  PgnGame game;
  size_t i = 0;
  auto skip_space = [&] {
    while (i < text.size() && absl::ascii_isspace(text[i])) ++i;
  };
  // Tag pairs.
  while (true) {
    skip_space();
    if (i >= text.size() || text[i] != '[') break;
    size_t end = i + 1;
    std::string name, value;
    while (end < text.size() && !absl::ascii_isspace(text[end]) && text[end] != '"') {
      name.push_back(text[end++]);
    }
    while (end < text.size() && text[end] != '"') ++end;
    if (end >= text.size()) return absl::InvalidArgumentError("unterminated tag");
    ++end;
    while (end < text.size() && text[end] != '"') {
      if (text[end] == '\\' && end + 1 < text.size()) ++end;
      value.push_back(text[end++]);
    }
    end = text.find(']', end);
    if (end == absl::string_view::npos) return absl::InvalidArgumentError("unterminated tag");
    game.tags.emplace_back(name, value);
    i = end + 1;
  }
  // Movetext: moves, numbers, comments, NAGs, variations and the result.
  int variation_depth = 0;
  while (true) {
    skip_space();
    if (i >= text.size()) break;
    char c = text[i];
    if (c == '{') {
      size_t end = text.find('}', i);
      if (end == absl::string_view::npos) return absl::InvalidArgumentError("open comment");
      if (variation_depth == 0) {
        std::string comment(text.substr(i + 1, end - i - 1));
        if (game.move_comments.size() < game.moves.size()) {
          game.move_comments.resize(game.moves.size());
          game.move_comments.back() = comment;
        }
        game.termination_comment = std::move(comment);
      }
      i = end + 1;
      continue;
    }
    if (c == ';') {
      size_t end = text.find('\n', i);
      i = end == absl::string_view::npos ? text.size() : end + 1;
      continue;
    }
    if (c == '(' || c == ')') {
      variation_depth += c == '(' ? 1 : -1;
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && !absl::ascii_isspace(text[end]) && text[end] != '{' &&
           text[end] != '(' && text[end] != ')') {
      ++end;
    }
    absl::string_view token = text.substr(i, end - i);
    i = end;
    if (variation_depth > 0 || token[0] == '$') continue;
    if (IsResult(token)) {
      game.result = std::string(token);
      break;
    }
    // Strip a move number ("12.", "12...", or glued as "12.e2e4").
    size_t digits = 0;
    while (digits < token.size() && absl::ascii_isdigit(token[digits])) ++digits;
    if (digits > 0 && digits < token.size() && token[digits] == '.') {
      token.remove_prefix(digits);
      while (!token.empty() && token[0] == '.') token.remove_prefix(1);
    }
    if (!token.empty()) game.moves.emplace_back(token);
  }
  if (game.result.empty()) return absl::InvalidArgumentError("no game result in the movetext");
  game.start_fen = PgnTag(game, "FEN");
  return game;
}

std::string PgnTag(const PgnGame& game, absl::string_view name) {
  for (const auto& [tag, value] : game.tags) {
    if (tag == name) return value;
  }
  return "";
}

}  // namespace gc9::worker

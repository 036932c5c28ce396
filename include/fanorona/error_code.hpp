// fanorona: the kinds of error, one code each.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_ERROR_CODE_HPP
#define FANORONA_ERROR_CODE_HPP

/// @file
/// @brief `ErrorCode`: what kind of refusal an `Error` is (error.hpp has the names, the
/// English templates and `Error` itself).

#include <cstdint>

namespace fanorona {

/// @addtogroup errors
/// @{

/// What kind of refusal an `Error` is: a program branches on the code, and a front end that
/// speaks another language keeps a template of its own per code, filled with the error's
/// arguments (docs/input.md, "Error codes"). Each code's name (`to_string`) is stable; its
/// English template (`message_template`) says which arguments it has.
///
/// A new code goes at the end of its group and into detail/error_catalog.hpp, at the same
/// place; a code is never renamed or reused once released.
enum class ErrorCode : std::uint16_t {
  // Turns and steps (the turn builder, `parse_turn`, `BasicGame::play`)
  no_stone,  ///< No stone stands on the point.
  not_your_stone,  ///< The stone belongs to the side not to move.
  point_off_board,  ///< A point number outside the board.
  step_starts_off_board,  ///< A step from a point number outside the board.
  step_ends_off_board,  ///< A step to a point number outside the board.
  paika_ends_turn,  ///< A step after a paika (non-capturing) move.
  not_moving_stone,  ///< Another stone than the one moving this turn.
  chain_over,  ///< The chain cannot go on.
  stone_must_capture,  ///< A stone that cannot capture, when another can.
  stone_blocked,  ///< A stone with no move.
  weak_point,  ///< A diagonal step from a weak point.
  not_neighbors,  ///< A step between points not joined by a line.
  point_occupied,  ///< A step onto a stone.
  revisited_point,  ///< A chain back to a point it visited.
  same_direction,  ///< A chain on in the direction of its last step.
  chain_needs_capture,  ///< A paika step inside a chain.
  capture_compulsory,  ///< A paika move when a capture exists.
  unmarked_capture,  ///< A capturing step played as a paika move.
  captures_nothing,  ///< A capture asked of a paika move.
  ambiguous_capture,  ///< A step that captures both ways, without A or W.
  no_approach_capture,  ///< An approach that takes nothing.
  no_withdrawal_capture,  ///< A withdrawal that takes nothing.
  turn_without_steps,  ///< An empty turn.
  game_over,  ///< A turn after the end of the game.
  // Positions (`BasicPosition::from_stones`, `from_fen`)
  position_stone_off_board,  ///< Stones outside the board's points.
  position_point_taken_twice,  ///< White and Black on one point.
  position_too_many_stones,  ///< More stones than a side starts with.
  // FEN text (`from_fen`, `with_position`)
  fen_empty,  ///< A blank FEN.
  fen_missing_slash,  ///< Too few ranks.
  fen_too_many_ranks,  ///< Too many ranks.
  fen_missing_space,  ///< No blank after the ranks.
  fen_missing_side,  ///< No side to move.
  fen_bad_side,  ///< A side to move other than W or B.
  fen_trailing_text,  ///< Text after the side to move.
  fen_bad_character,  ///< A character that is no stone and no digit.
  fen_rank_too_long,  ///< A rank longer than the board.
  fen_rank_too_short,  ///< A rank shorter than the board.
  // Boards (`parse_board_size`, `with_board`)
  unknown_board,  ///< A board name that is none of the three.
  no_such_board,  ///< A board size that is none of the three.
  // Notation text (`parse_step`, `parse_turn`)
  notation_expected_point,  ///< No point where one is expected.
  notation_off_board,  ///< A point name off the board.
  notation_unexpected_after_point,  ///< A character after a point that is no mark and no '-'.
  notation_mark_on_start,  ///< A capture mark on the starting point.
  notation_empty_step,  ///< A blank step.
  notation_step_lone_point,  ///< A step of one point.
  notation_step_ends_with_dash,  ///< A step cut after its '-'.
  notation_text_after_step,  ///< Text after a whole step.
  notation_empty_turn,  ///< A blank turn.
  notation_turn_ends_with_dash,  ///< A turn cut after a '-'.
  notation_expected_dash,  ///< Steps not joined by '-'.
  notation_turn_lone_point,  ///< A turn of one point.
  // Game records (`BasicGameRecord`, `RecordReader`, `parse_record`)
  record_termination_contradicts_rules,  ///< A termination other than the rules' end.
  record_result_contradicts_rules,  ///< A result other than the rules' result.
  record_stones_left,  ///< "no stones" for a side that has stones.
  record_legal_turn_left,  ///< "no legal turn" for a side that can move.
  record_no_repetition,  ///< "threefold repetition" without one.
  record_unfinished_with_result,  ///< "unfinished" with a result.
  record_agreement_not_draw,  ///< "agreement" that is no draw.
  record_resignation_not_decisive,  ///< "resignation" without a winner.
  record_time_forfeit_not_decisive,  ///< "time forfeit" without a winner.
  record_adjudication_without_result,  ///< "adjudication" without a result.
  record_bad_tag_name,  ///< A tag name of other characters.
  record_board_tag_set,  ///< Setting the Board tag.
  record_fen_tag_set,  ///< Setting the FEN tag.
  record_result_tag_set,  ///< Setting the Result or Termination tag.
  record_tag_line_break,  ///< A tag value with a line break.
  record_bad_date,  ///< A Date tag of another form.
  record_comment_place,  ///< A comment after a turn the game lacks.
  record_comment_not_closed,  ///< A '{' comment left open.
  record_comment_runs_into_tags,  ///< A '{' comment open up to the next game.
  record_expected_tag_name,  ///< A '[' without a tag name.
  record_expected_tag_value,  ///< A tag without a quoted value.
  record_tag_value_not_closed,  ///< A tag value without its closing quote.
  record_tag_not_closed,  ///< A tag without its ']'.
  record_no_result,  ///< Movetext without a result at the end of the input.
  record_no_result_before_tags,  ///< Movetext without a result before the next game.
  record_duplicate_tag,  ///< A tag given twice.
  record_unknown_board,  ///< A Board tag that is none of the three.
  record_bad_result_tag,  ///< A Result tag that is no result.
  record_unknown_termination,  ///< A Termination tag of no known end.
  record_number_without_turn,  ///< A turn number without its turn.
  record_bad_token,  ///< A movetext word of no known kind.
  record_wrong_turn_number,  ///< A turn number out of sequence.
  record_result_disagrees,  ///< A movetext result other than the Result tag.
  record_no_game,  ///< A text without a game.
  record_wrong_board,  ///< A game of another board than the one asked for.
  record_several_games,  ///< A second game where one is expected.
  // Instruction sets (`parse_instruction_set`, `use_instruction_set`)
  unknown_instruction_set,  ///< An instruction-set name of no path.
  instruction_set_below_build,  ///< A path below the one the program was compiled for.
  instruction_set_unsupported,  ///< A path this CPU or build cannot run.
  // Files
  io_cannot_open,  ///< A file that cannot be opened.
  io_cannot_create,  ///< A file that cannot be created.
  io_write_failed,  ///< A write that failed.
  io_cannot_rename,  ///< A rename that failed.
  // Endgame tables
  table_not_on_board,  ///< A material no table of the board has.
  table_too_short,  ///< A table file shorter than its header.
  table_bad_magic,  ///< A file that is no table.
  table_bad_version,  ///< A table file of another format version.
  table_wrong_board,  ///< A table file of another board.
  table_wrong_material,  ///< A table file of other material.
  table_bad_layout,  ///< A table file of an unknown layout.
  table_entry_count,  ///< A table file of the wrong size for its index.
  table_truncated,  ///< A table file cut short.
  table_too_long,  ///< A table file with bytes after its entries.
  table_corrupt,  ///< A table file whose checksum fails.
  table_not_in_memory,  ///< A table that was not loaded or generated.
  table_distance_too_long,  ///< A distance the table format cannot store.
  table_capture_not_in_memory,  ///< A table generated before the tables it captures into.
  table_verify_no_turn,  ///< A table value a lost position contradicts.
  table_verify_not_covered,  ///< A table verified without the tables it needs.
  table_verify_mismatch,  ///< A table value its turns contradict.
  table_verify_search,  ///< A table value a plain search contradicts.
  // Evaluation networks
  network_bad_header,  ///< A network file of another header.
  network_bad_version,  ///< A network file of another version.
  network_wrong_board,  ///< A network of another board.
  network_wrong_size,  ///< A network of another size.
  network_ends_early,  ///< A network file cut short.
  network_not_a_number,  ///< A weight that is no whole number.
  network_out_of_range,  ///< A weight out of its range.
  network_trailing_text,  ///< Text after the last weight.
  network_may_overflow,  ///< Weights whose sums could overflow.
  // Environments (`BasicEnv`, `BasicBatchEnv`, env.hpp)
  action_out_of_range,  ///< An action number outside the action space.
  action_off_lines,  ///< An action whose direction leaves no line from its point.
  stop_before_step,  ///< Stop before the first step of a turn.
  episode_truncated,  ///< An action after the turn limit ended the episode.
  turn_in_progress,  ///< A whole turn offered in the middle of one.
  // Values given to the bindings (the Python module): the library's own functions take typed
  // values and never give these.
  argument_out_of_range,  ///< A number argument outside its range.
  mask_out_of_range,  ///< A set of points with bits beyond the board.
  array_shape,  ///< An array of another shape or size than the one expected.
  array_read_only,  ///< An array to write into that cannot be written.
  bad_saved_state,  ///< A saved (pickled) object that is not the state of one.
  impossible_result,  ///< A game result whose outcome no game ends with for its reason.
  unknown_observation_shape,  ///< Observations of a shape no board has.
  unknown_render_mode,  ///< A render mode the environments do not offer.
  unknown_agent,  ///< An agent name other than `white` and `black`.
  agent_done,  ///< An action other than none for an agent whose game is over.
  agent_not_done,  ///< No action (none) for an agent still playing.
};

/// @}

}  // namespace fanorona

#endif  // FANORONA_ERROR_CODE_HPP

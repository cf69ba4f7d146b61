"""The terminal's own words (not a game's): its prompts, help, hand-overs, undo and the end of a game, in
English (the reference and the fallback), French and Japanese, on the core's :class:`Words`.

An entry may hold rich markup (``[bold]…[/]``): it is the terminal's, so a translation keeps it around
the same words. Anything formatted into an entry that came from a person or a file is escaped first
(``common.clean``). What a player types stays English in every language: the commands (``help``,
``undo``, ``back``, ``hint``, ``card``, ``board``, ``log``, ``view``, ``quit``) are named in bold in the
help, as they are typed.
"""

from __future__ import annotations

from kansei.core.words import Entry, Words

EN: dict[str, Entry] = {
    "help": (
        "Type a [bold]number[/] from the menu or an action's notation. Also: [bold]card NAME[/] (a card's "
        "whole face), [bold]back[/] (leave a group or a multi-step choice), [bold]undo[/] (take back your "
        "last decision), [bold]hint[/] (the expert's move, in a game against a bot), [bold]board[/], "
        "[bold]log[/] (recent events), [bold]view[/] (the JSON your seat sees), an empty line (the menu "
        "again), [bold]quit[/] (save and stop; `kansei play --resume FILE` continues)."
    ),
    # who is who
    "you": "you",
    "seat_bot": "{name} ({agent})",
    "spectator": "a spectator",
    "hot_seat": "hot seat",
    "you_are": "you are {name}",
    "intro": (
        "[bold]{game}[/] — {who}. Type a number or an action; [bold]help[/] lists commands, "
        "[bold]card NAME[/] shows a card."
    ),
    # the turn
    "hand_over": "[bold]{name} to play.[/] Pass the keyboard to {name}, then press Enter.",
    "prompt": "{name}> ",
    "pause": "[dim]— Enter —[/] ",
    "go_on": "[dim]Enter to go on[/] ",
    "auto": "(auto) {what}",
    "auto_why": "— nothing else you could do mattered",
    "told": "{who}: {what}",
    "pick_one": "[bold]{group}[/] — pick one, or [bold]back[/]:",
    "choose": "choose 1–{n}",
    "help_hint": "(help lists the commands)",
    "choices_1": "{n} choice",
    "choices_n": "{n} choices",
    # cards
    "card_usage": "card NAME shows a card's whole face, e.g. [bold]card hairpin[/]",
    "no_card": "no card matches {query}{hint}",
    "did_you_mean": ' — did you mean "{name}"?',
    "also": "also: {names}",
    "sep": ", ",
    "house": "(a house card: not printed in the original game)",
    "cards_1": "{game}: {n:,} card",
    "cards_n": "{game}: {n:,} cards",
    "cards_hint": "[dim]`kansei cards {game} NAME` shows a card's whole face.[/]",
    "more_matching": "… and {n} more matching {query}",
    "column_name": "name",
    "column_kind": "kind",
    "column_numbers": "numbers",
    # taking back
    "took_back_1": "[yellow]took back {n} decision:[/] {what}",
    "took_back_n": "[yellow]took back {n} decisions:[/] {what}",
    "cannot_undo": "cannot undo: {why}",
    "cannot_back": "cannot go back: {why}",
    "no_decision": "you have made no decision yet",
    "nothing_back": "[red]nothing to go back from[/] [dim](undo takes back a finished decision)[/]",
    "moved_since": "{who} has moved since",
    "random_since": "something random happened since (a draw, a shuffle or a die)",
    "revealed": "it revealed something you could not see before",
    # the end
    "draw": "The game is a draw.",
    "win": ("You win.", "{Who} wins."),
    "seat_wins": "{name} wins.",
    "interrupted": "interrupted",
    "saved_over": "Replay saved to {where} — `kansei replay {where}` re-runs it.",
    "saved_at": (
        "Saved the game at action {n} to {where} — `kansei play --resume {where}` continues it. The file "
        "is a full record (seed and every hand): keep it for after the game."
    ),
    "saved_elsewhere": "could not save to {why}; saved to {where} instead",
    "resumed_1": "Resumed {game} after {n:,} action; {name} to move.",
    "resumed_n": "Resumed {game} after {n:,} actions; {name} to move.",
    # a replay, step by step
    "steps_1": "{game}: {n:,} action, as {who} saw them. Enter: next · b: board · q: stop",
    "steps_n": "{game}: {n:,} actions, as {who} saw them. Enter: next · b: board · q: stop",
    # the games and their starter decks
    "games_title": "kansei games",
    "column_id": "id",
    "column_game": "game",
    "column_players": "players",
    "column_options": "options (default first)",
    "decks_title": "[bold]{game}[/]: starter decks",
    "column_deck": "deck",
    "column_cards": "cards",
    "decks_hint": "[dim]`kansei decks {game} NAME` prints one as a deck file; `--deck NAME` plays it.[/]",
    # kansei levels
    "levels_title": "[bold]{game}[/]: play one with --vs level:NAME (or any agent spec)",
    "levels_level": "level",
    "levels_plays": "plays",
    "levels_rating": "rating (95%)",
    "levels_ms": "ms a move\n(median, p95)",
    "levels_ms_pair": "{median}, {p95}",  # the median and the 95th percentile (French: decimal commas)
    "levels_games": "{n} games",
    "levels_how": "how it plays:",
    "levels_ceiling": "clairvoyant: sees every card and die (a reference, not a level)",
    # kansei analyse (the words of the web page's analysis, web/static/i18n)
    "analyse_actions_1": "{n} action",
    "analyse_actions_n": "{n} actions",
    "analyse_open": "[yellow]all-open analysis: the expert saw every hand, the deck order and the dice[/]",
    "analyse_seat": "analysed with only what seat {seat} could see at each move",
    "analyse_each": "each seat's moves analysed with only what it could see at the time",
    "analyse_searcher": (
        "[dim]searcher {spec}; {iterations} iterations, {seconds} s CPU ({per} s a judged move)[/]"
    ),
    "analyse_who": "seat {seat}",
    "analyse_summary": "{who}: {summary}",
    "analyse_who_named": "seat {seat} ({name})",
    "analyse_curve_2": "Win chance of seat {seat} after every move:",
    "analyse_curve_n": "Expected placing (1 first, 0 last) of seat {seat} after every move:",
    "analyse_seen_by": "as seat {seat} saw it:",
    "analyse_costliest": "[bold]Costliest moves[/] (expected: the expert's chance after the move)",
    "analyse_none_lost": "No move lost anything the expert could measure.",
    "analyse_col_move": "move",
    "analyse_col_seat": "seat",
    "analyse_col_played": "played",
    "analyse_col_expected": "expected",
    "analyse_col_best": "expert's move",
    "analyse_col_loss": "loss",
    "analyse_col_grade": "grade",
    "grade_best": "best",
    "grade_good": "good",
    "grade_inaccuracy": "inaccuracy",
    "grade_mistake": "mistake",
    "grade_blunder": "blunder",
    "count_inaccuracy_1": "{n} inaccuracy",
    "count_inaccuracy_n": "{n} inaccuracies",
    "count_mistake_1": "{n} mistake",
    "count_mistake_n": "{n} mistakes",
    "count_blunder_1": "{n} blunder",
    "count_blunder_n": "{n} blunders",
    "no_mistakes": "no mistakes",
    # hint (the coach, kansei.agents.coach)
    "hint": "[bold]Hint:[/] {move} — the expert's chance to win after it: {chance}",
    "hint_field": (
        "[bold]Hint:[/] {move} — the expert's expected placing after it (1 first, 0 last): {chance}"
    ),
    "hint_others": "then: {moves}",
    "hint_alt": "{move} ({chance})",
    "hint_off": "no hints between people: the hint is for games against a bot",
    "thinking": "[dim]the expert is thinking…[/]",
}

FR: dict[str, Entry] = {
    "help": (
        "Tapez un [bold]numéro[/] du menu ou la notation d'une action. Aussi : [bold]card NOM[/] (la face "
        "entière d'une carte), [bold]back[/] (quitter un groupe ou un choix en plusieurs étapes), "
        "[bold]undo[/] (reprendre votre dernière décision), [bold]hint[/] (le coup de l'expert, contre un "
        "bot), [bold]board[/] (le plateau), [bold]log[/] "
        "(les derniers événements), [bold]view[/] (le JSON que voit votre place), une ligne vide (le menu "
        "à nouveau), [bold]quit[/] (enregistrer et arrêter ; `kansei play --resume FICHIER` reprend). Les "
        "commandes se tapent en anglais."
    ),
    "you": "vous",
    "seat_bot": "{name} ({agent})",
    "spectator": "un spectateur",
    "hot_seat": "à tour de rôle sur un clavier",
    "you_are": "vous êtes {name}",
    "intro": (
        "[bold]{game}[/] — {who}. Tapez un numéro ou une action ; [bold]help[/] liste les commandes, "
        "[bold]card NOM[/] montre une carte."
    ),
    "hand_over": ("[bold]{name}, à vous de jouer.[/] Passez le clavier à {name}, puis appuyez sur Entrée."),
    "prompt": "{name}> ",
    "pause": "[dim]— Entrée —[/] ",
    "go_on": "[dim]Entrée pour continuer[/] ",
    "auto": "(auto) {what}",
    "auto_why": "— rien d'autre ne changeait quoi que ce soit",
    "told": "{who} : {what}",
    "pick_one": "[bold]{group}[/] — choisissez, ou [bold]back[/] :",
    "choose": "choisissez de 1 à {n}",
    "help_hint": "(help liste les commandes)",
    "choices_1": "{n} choix",
    "choices_n": "{n} choix",
    "card_usage": "card NOM montre la face entière d'une carte, par ex. [bold]card épingle[/]",
    "no_card": "aucune carte ne correspond à {query}{hint}",
    "did_you_mean": " — vouliez-vous dire « {name} » ?",
    "also": "aussi : {names}",
    "sep": ", ",
    "house": "(une carte maison : absente du jeu original)",
    "cards_1": "{game} : {n} carte",
    "cards_n": "{game} : {n} cartes",
    "cards_hint": "[dim]`kansei cards {game} NOM` montre la face entière d'une carte.[/]",
    "more_matching": "… et {n} de plus pour {query}",
    "column_name": "nom",
    "column_kind": "type",
    "column_numbers": "valeurs",
    "took_back_1": "[yellow]{n} décision reprise :[/] {what}",
    "took_back_n": "[yellow]{n} décisions reprises :[/] {what}",
    "cannot_undo": "impossible de reprendre : {why}",
    "cannot_back": "impossible de revenir : {why}",
    "no_decision": "vous n'avez encore rien décidé",
    "nothing_back": "[red]rien à annuler[/] [dim](undo reprend une décision achevée)[/]",
    "moved_since": "{who} a joué depuis",
    "random_since": "le hasard a parlé depuis (une pioche, un mélange ou un dé)",
    "revealed": "cela vous a révélé ce que vous ne pouviez pas voir avant",
    "draw": "La partie est nulle.",
    "win": ("Vous gagnez.", "{Who} gagne."),
    "seat_wins": "{name} gagne.",
    "interrupted": "interrompu",
    "saved_over": "Partie enregistrée dans {where} — `kansei replay {where}` la rejoue.",
    "saved_at": (
        "Partie enregistrée à l'action {n} dans {where} — `kansei play --resume {where}` la reprend. Le "
        "fichier est un relevé complet (graine et toutes les mains) : gardez-le pour après la partie."
    ),
    "saved_elsewhere": "impossible d'enregistrer dans {why} ; enregistré dans {where} à la place",
    "resumed_1": "{game} reprise après {n} action ; {name} joue.",
    "resumed_n": "{game} reprise après {n} actions ; {name} joue.",
    "steps_1": "{game} : {n} action, comme {who} l'a vue. Entrée : suivante · b : plateau · q : arrêter",
    "steps_n": "{game} : {n} actions, comme {who} les a vues. Entrée : suivante · b : plateau · q : arrêter",
    "games_title": "jeux de kansei",
    "column_id": "id",
    "column_game": "jeu",
    "column_players": "joueurs",
    "column_options": "options (par défaut d'abord)",
    "decks_title": "[bold]{game}[/] : decks de départ",
    "column_deck": "deck",
    "column_cards": "cartes",
    "decks_hint": (
        "[dim]`kansei decks {game} NOM` en affiche un comme fichier de deck ; `--deck NOM` le joue.[/]"
    ),
    # kansei levels
    "levels_title": "[bold]{game}[/] : jouez contre l'un d'eux avec --vs level:NOM (ou tout agent)",
    "levels_level": "niveau",
    "levels_plays": "réglage",
    "levels_rating": "classement (95 %)",
    "levels_ms": "ms par coup\n(médiane, p95)",
    "levels_ms_pair": "{median} ; {p95}",  # the median and the 95th percentile (French: decimal commas)
    "levels_games": "{n} parties",
    "levels_how": "comment il joue :",
    "levels_ceiling": "voyant : voit chaque carte et chaque dé (une référence, pas un niveau)",
    # kansei analyse (the words of the web page's analysis, web/static/i18n)
    "analyse_actions_1": "{n} action",
    "analyse_actions_n": "{n} actions",
    "analyse_open": (
        "[yellow]analyse tout ouvert : l'expert voyait chaque main, l'ordre des pioches et les dés[/]"
    ),
    "analyse_seat": "analysée avec seulement ce que la place {seat} pouvait voir à chaque coup",
    "analyse_each": "les coups de chaque place analysés avec seulement ce qu'elle pouvait voir alors",
    "analyse_searcher": (
        "[dim]chercheur {spec} ; {iterations} itérations, {seconds} s de CPU ({per} s par coup jugé)[/]"
    ),
    "analyse_who": "place {seat}",
    "analyse_summary": "{who} : {summary}",
    "analyse_who_named": "place {seat} ({name})",
    "analyse_curve_2": "Chances de gagner de la place {seat} après chaque coup :",
    "analyse_curve_n": "Classement attendu (1 premier, 0 dernier) de la place {seat} après chaque coup :",
    "analyse_seen_by": "vu par la place {seat} :",
    "analyse_costliest": (
        "[bold]Coups les plus coûteux[/] (attendu : les chances selon l'expert après le coup)"
    ),
    "analyse_none_lost": "Aucun coup n'a rien coûté que l'expert puisse mesurer.",
    "analyse_col_move": "coup",
    "analyse_col_seat": "place",
    "analyse_col_played": "joué",
    "analyse_col_expected": "attendu",
    "analyse_col_best": "coup de l'expert",
    "analyse_col_loss": "perte",
    "analyse_col_grade": "note",
    "grade_best": "meilleur coup",
    "grade_good": "bon",
    "grade_inaccuracy": "imprécision",
    "grade_mistake": "erreur",
    "grade_blunder": "gaffe",
    "count_inaccuracy_1": "{n} imprécision",
    "count_inaccuracy_n": "{n} imprécisions",
    "count_mistake_1": "{n} erreur",
    "count_mistake_n": "{n} erreurs",
    "count_blunder_1": "{n} gaffe",
    "count_blunder_n": "{n} gaffes",
    "no_mistakes": "aucune erreur",
    # hint (the coach, kansei.agents.coach)
    "hint": "[bold]Conseil :[/] {move} — les chances de gagner après ce coup selon l'expert : {chance}",
    "hint_field": (
        "[bold]Conseil :[/] {move} — le classement attendu après ce coup selon l'expert (1 premier, 0 "
        "dernier) : {chance}"
    ),
    "hint_others": "ensuite : {moves}",
    "hint_alt": "{move} ({chance})",
    "hint_off": "pas de conseil entre personnes : le conseil est pour les parties contre un bot",
    "thinking": "[dim]l'expert réfléchit…[/]",
}

JA: dict[str, Entry] = {
    "help": (
        "メニューの[bold]番号[/]か行動の記法を入力してください。ほかに：[bold]card 名前[/]（カードの全文）、"
        "[bold]back[/]（グループや複数段階の選択から戻る）、[bold]undo[/]（直前の決定を取り消す）、"
        "[bold]hint[/]（ボットとの対戦でエキスパートの手）、"
        "[bold]board[/]（盤面）、[bold]log[/]（最近の出来事）、[bold]view[/]（あなたの席から見えるJSON）、"
        "空行（メニューをもう一度）、[bold]quit[/]（保存して終了。`kansei play --resume ファイル`で再開）。"
        "コマンドは英語のまま入力します。"
    ),
    "you": "あなた",
    "seat_bot": "{name}（{agent}）",
    "spectator": "観戦者",
    "hot_seat": "1台のキーボードで交代",
    "you_are": "あなたは{name}",
    "intro": (
        "[bold]{game}[/] — {who}。番号か行動を入力してください。[bold]help[/]でコマンド一覧、"
        "[bold]card 名前[/]でカードを表示します。"
    ),
    "hand_over": "[bold]{name}の番です。[/]キーボードを{name}に渡して、Enterキーを押してください。",
    "prompt": "{name}> ",
    "pause": "[dim]— Enterキー —[/] ",
    "go_on": "[dim]Enterキーで続ける[/] ",
    "auto": "（自動）{what}",
    "auto_why": "— ほかの選択肢は結果を変えませんでした",
    "told": "{who}：{what}",
    "pick_one": "[bold]{group}[/] — 1つ選ぶか、[bold]back[/]：",
    "choose": "1～{n}から選んでください",
    "help_hint": "（helpでコマンド一覧）",
    "choices_1": "{n}件",
    "choices_n": "{n}件",
    "card_usage": "card 名前 でカードの全文を表示します（例：[bold]card ヘアピン[/]）",
    "no_card": "{query}に合うカードはありません{hint}",
    "did_you_mean": "（「{name}」のことですか？）",
    "also": "ほかに：{names}",
    "sep": "、",
    "house": "（ハウスカード：原作のゲームにはないカード）",
    "cards_1": "{game}：{n}枚",
    "cards_n": "{game}：{n}枚",
    "cards_hint": "[dim]`kansei cards {game} 名前`でカードの全文を表示します。[/]",
    "more_matching": "…ほかに{query}に合うカードが{n}枚",
    "column_name": "名前",
    "column_kind": "種類",
    "column_numbers": "数値",
    "took_back_1": "[yellow]{n}件の決定を取り消しました：[/]{what}",
    "took_back_n": "[yellow]{n}件の決定を取り消しました：[/]{what}",
    "cannot_undo": "取り消せません：{why}",
    "cannot_back": "戻れません：{why}",
    "no_decision": "まだ何も決定していません",
    "nothing_back": "[red]戻る選択がありません[/] [dim]（undoで決定を取り消せます）[/]",
    "moved_since": "その後{who}が行動しました",
    "random_since": "その後に偶然の要素（ドロー、シャッフル、ダイス）がありました",
    "revealed": "それまで見えなかったことが明らかになりました",
    "draw": "引き分けです。",
    "win": ("あなたの勝ちです。", "{Who}の勝ちです。"),
    "seat_wins": "{name}の勝ちです。",
    "interrupted": "中断しました",
    "saved_over": "リプレイを{where}に保存しました — `kansei replay {where}`で再実行できます。",
    "saved_at": (
        "{n}手目までのゲームを{where}に保存しました — `kansei play --resume {where}`で再開できます。"
        "このファイルは完全な記録（シードと全員の手札）です。ゲームの後まで取っておいてください。"
    ),
    "saved_elsewhere": "{why}に保存できなかったため、代わりに{where}に保存しました",
    "resumed_1": "{game}を{n}手目から再開しました。{name}の番です。",
    "resumed_n": "{game}を{n}手目から再開しました。{name}の番です。",
    "steps_1": "{game}：{n}手を{who}の視点で。Enter：次へ · b：盤面 · q：終了",
    "steps_n": "{game}：{n}手を{who}の視点で。Enter：次へ · b：盤面 · q：終了",
    "games_title": "kanseiのゲーム",
    "column_id": "ID",
    "column_game": "ゲーム",
    "column_players": "人数",
    "column_options": "オプション（先頭が既定値）",
    "decks_title": "[bold]{game}[/]：スターターデッキ",
    "column_deck": "デッキ",
    "column_cards": "枚数",
    "decks_hint": "[dim]`kansei decks {game} 名前`でデッキファイルとして表示、`--deck 名前`で使用します。[/]",
    # kansei levels
    "levels_title": "[bold]{game}[/]：--vs level:名前 で対戦（エージェント指定も可）",
    "levels_level": "レベル",
    "levels_plays": "設定",
    "levels_rating": "レーティング（95%）",
    "levels_ms": "1手のms\n（中央値、p95）",
    "levels_ms_pair": "{median}、{p95}",  # the median and the 95th percentile (French: decimal commas)
    "levels_games": "{n}試合",
    "levels_how": "プレイの特徴：",
    "levels_ceiling": "透視：すべてのカードとダイスが見える（参考値であってレベルではない）",
    # kansei analyse (the words of the web page's analysis, web/static/i18n)
    "analyse_actions_1": "{n}手",
    "analyse_actions_n": "{n}手",
    "analyse_open": "[yellow]全公開の分析：エキスパートはすべての手札、山札の順番、ダイスを見ていました[/]",
    "analyse_seat": "各手の時点で席{seat}に見えていた情報だけで分析",
    "analyse_each": "各席の手を、その時点でその席に見えていた情報だけで分析",
    "analyse_searcher": "[dim]探索 {spec}、{iterations}回、CPU {seconds}秒（評価した1手あたり{per}秒）[/]",
    "analyse_who": "席{seat}",
    "analyse_summary": "{who}：{summary}",
    "analyse_who_named": "席{seat}（{name}）",
    "analyse_curve_2": "各手の後の席{seat}の勝率：",
    "analyse_curve_n": "各手の後の席{seat}の期待順位（1が1位、0が最下位）：",
    "analyse_seen_by": "席{seat}から見た：",
    "analyse_costliest": "[bold]最も損をした手[/]（期待値：その手の後のエキスパートの見込み）",
    "analyse_none_lost": "エキスパートが測れる損をした手はありません。",
    "analyse_col_move": "手",
    "analyse_col_seat": "席",
    "analyse_col_played": "選んだ手",
    "analyse_col_expected": "期待値",
    "analyse_col_best": "エキスパートの手",
    "analyse_col_loss": "損失",
    "analyse_col_grade": "評価",
    "grade_best": "最善",
    "grade_good": "好手",
    "grade_inaccuracy": "不正確",
    "grade_mistake": "ミス",
    "grade_blunder": "大悪手",
    "count_inaccuracy_1": "不正確な手 {n}",
    "count_inaccuracy_n": "不正確な手 {n}",
    "count_mistake_1": "ミス {n}",
    "count_mistake_n": "ミス {n}",
    "count_blunder_1": "大悪手 {n}",
    "count_blunder_n": "大悪手 {n}",
    "no_mistakes": "ミスなし",
    # hint (the coach, kansei.agents.coach)
    "hint": "[bold]ヒント：[/]{move} — その手の後のエキスパートの見込み勝率：{chance}",
    "hint_field": (
        "[bold]ヒント：[/]{move} — その手の後のエキスパートの期待順位（1が1位、0が最下位）：{chance}"
    ),
    "hint_others": "次点：{moves}",
    "hint_alt": "{move}（{chance}）",
    "hint_off": "人同士の対戦ではヒントはありません。ヒントはボットとの対戦用です",
    "thinking": "[dim]エキスパートが考えています…[/]",
}

WORDS = Words({"en": EN, "fr": FR, "ja": JA})


def tr(lang: str, key: str, /, **fields: object) -> str:
    return WORDS.tr(lang, key, **fields)


def plural(lang: str, key: str, n: int, /, **fields: object) -> str:
    return WORDS.plural(lang, key, n, **fields)


__all__ = ["EN", "FR", "JA", "WORDS", "plural", "tr"]

# Presidente の日本語。識別子は en.ftl と同じ（tests/test_locales.py が確かめる）。
# メッセージや言語の足し方は docs/i18n.md に。

## ゲームの用語：五つの身分とその名前、ゲーム名

-president = 大富豪
-vice-president = 富豪
-neutral = 平民
-high-scum = 貧民
-scum = 大貧民

# 身分の名前：エンジンの既定と各プリセット（rules.py）のもの。名前を小文字にしたもので引く。
title-president = { -president }
title-vice-president = { -vice-president }
title-neutral = { -neutral }
title-high-scum = { -high-scum }
title-scum = { -scum }
title-minister = 大臣
title-prime-minister = 首相
title-citizen = 市民
title-peasant = 農民
title-beggar = 物乞い
title-vice-asshole = { -high-scum }
title-asshole = { -scum }
title-daifugo = { -president }
title-fugo = { -vice-president }
title-heimin = { -neutral }
title-hinmin = { -high-scum }
title-daihinmin = { -scum }

game-president = 大富豪
game-el-presidente = エル・プレシデンテ

## すべてのページ

language-label = 言語
list-separator = 、
value-empty = 空
value-yes = はい
value-no = いいえ
value-none = なし

## スクリーンリーダーが読むカード名

suit-C = クラブ
suit-D = ダイヤ
suit-H = ハート
suit-S = スペード
rank-J = J
rank-Q = Q
rank-K = K
rank-A = A
card-name = { $suit }の{ $rank }
card-joker = ジョーカー
card-back = カードの裏
card-joker-as = { $card }としてのジョーカー
card-joker-below = { $card }の下のジョーカー
card-joker-above = { $card }の上のジョーカー

## ボット：強さ（.play は打ち方）。名前はサーバーのもの

bot-label = { $name } ボット（{ $strength }）
bot-label-plain = { $name } ボット
bot-part = { $name } は{ $strength }（{ $play }）
bot-part-plain = { $name } はボット
bot-sentence = { $parts }。
bot-sentence-separator = 。
bot-random = 初心者
    .play = 出せる手を何でも出す
bot-auto = 初心者
    .play = 時間切れのときと同じく一番弱いカードを出す
bot-heuristic = 中級
    .play = 強いカードを残して親を取り返す
bot-ismcts = 上級・探索
    .play = 多くのありうる配り方で一手ずつ試す
bot-learned = 上級・学習
    .play = 4人の bga で自己対戦により学習したネットワーク。ほかのルールでは中級ボットとして打つ
bot-cardsearch = 上級・カード単位の探索
    .play = ルールがマークを問うとき、マークも含めて多くの配り方で一手ずつ試す
bot-strong = 上級・探索と終盤の読み切り
    .play = 多くの配り方で手を競わせて弱い手を外し、終盤は正確に読み切る
bot-ranked = { $name } ボット（{ $game }）
seat-left = （退席）
seat-empty = （空席）

## ロビー

lobby-page-title = Presidente — ロビー
lobby-play-title = 今すぐ大富豪を遊ぶ
lobby-play-intro = あなたと3体のボットで、Board Game Arena のルール。最初に手札をなくして{ -president }になろう。
lobby-play-now = 今すぐ遊ぶ
lobby-name-title = あなたの名前
lobby-name-label = 表示名（1〜24文字）
lobby-name-save = 名前を保存
lobby-mine-title = あなたのテーブル
lobby-tables-title = 参加できるテーブル
lobby-create-title = 新しいテーブル
lobby-table-name = テーブル名
lobby-game = ゲーム
lobby-rules = ルール
lobby-seats = プレイヤー数
lobby-seat-choices = 席：プレイヤーかボットか
lobby-sit = このテーブルに座る（最初のプレイヤー席）
lobby-private = 非公開：招待リンクを持つ人だけが参加・観戦できる
lobby-change-rules = ルールを変更
lobby-create = テーブルを作る
lobby-finished-title = 終わったゲーム
lobby-damaged-title = 壊れたテーブル
lobby-damaged-note = 保存された手がもう再現できないテーブルです。調査のために残してあり、遊ぶことはできません。
lobby-leaderboard-title = ランキング
lobby-leaderboard-note = 全員1500から始まります。勝つほど、そしてサーバーがあなたの実力を確かに知るほどレーティングが上がります（OpenSkill）。
lobby-column-player = プレイヤー
lobby-column-rating = レーティング
lobby-column-games = 対局数
lobby-rating-provisional = { $rating }（暫定）
lobby-leaderboard-provisional = 暫定レーティングはレーティング対局がまだ少ないものです。サーバーが確信できる実力だけを数えるため、最初は大きく動きます。
lobby-playing-as = { $name } としてプレイ中
lobby-not-signed-in = 未登録：名前を決めるか、そのまま遊んでください
lobby-default-table-name = 私のテーブル
lobby-own-table-name = { $name } のテーブル
lobby-guest-name = ゲスト { $number }
lobby-name-empty = 1〜24文字の名前を入力してください。
lobby-name-saved = 保存しました：{ $name } としてプレイします。席とレーティングはそのままです。
lobby-welcome = ようこそ、{ $name } さん。
lobby-status-waiting = プレイヤー待ち
lobby-status-playing = 対局中
lobby-status-paused = 一時停止中（プレイヤー不在）
lobby-free-seat = 空席
lobby-back-to-seat = 自分の席に戻る
    .aria-label = { $table } の自分の席に戻る
lobby-take-seat = 席に着く
    .aria-label = { $table } の席に着く（空席 { $free }）
lobby-watch = 観戦
    .aria-label = 席に着かずに { $table } を観戦
lobby-table-meta = { $game } · { $preset } · { $status } · { $seats }席中{ $seated }人
lobby-no-open-table = 参加できるテーブルはありません。「今すぐ遊ぶ」を押すか、下で作ってください。
lobby-replay-of = { $table } の再生
lobby-winner = 勝者：{ $name }
lobby-winners = 勝者：{ $names }
lobby-no-winner = 勝者なし
lobby-then = 続いて { $names }
lobby-no-finished = 終わったゲームはまだありません。
lobby-damaged = 破損
lobby-you = （あなた）
lobby-nobody-ranked = まだ誰もゲームを終えていません。
lobby-seats-help = このルールでは{ $low }〜{ $high }人
lobby-seats-refused = プレイヤー数：{ $preset } では{ $low }〜{ $high }人です（{ $typed } ではなく）。
lobby-bots-help = ボット：{ $sentence }
lobby-a-player = プレイヤー
lobby-seat = 席 { $number }
lobby-option-changed = 変更あり — { $preset } では { $value }
lobby-changed-count = （{ $preset } から{ $count }項目変更）
lobby-as-preset = （{ $preset } のまま）
lobby-table-name-missing = テーブルに名前を付けてください。
lobby-private-open = 非公開テーブルができました。招待したい人にこのリンクを送ってください：
lobby-go-to-table = テーブルへ行く

## 別の端末でのプレイヤー(lobby-devices.js):1 回限りのサインインリンクとサインイン中の端末
devices-title = あなたの端末
devices-lead = スマートフォンや別のパソコンでも、同じ名前・席・レーティングのまま遊べます。パスワードもメールも不要です。
devices-use-elsewhere = 別の端末で使う
devices-list-title = サインイン中の端末
devices-kind = { $system } の { $browser }
devices-kind-unknown = ブラウザー
devices-added = { $date } に追加
devices-this-one = この端末
devices-sign-out-other = サインアウト
    .aria-label = { $device }({ $added })をサインアウト
devices-sign-out-here = この端末でサインアウト
devices-sign-out-confirm = この端末で { $name } をサインアウトしますか? ほかの端末では { $name } のままです。
devices-sign-out-last = { $name } がサインインしている端末はこれだけです。ここでサインアウトすると、もう誰も { $name } として遊べません。
devices-sign-out-yes = サインアウト
devices-cancel = キャンセル
devices-claim-confirm = このブラウザーは { $name } として遊んでいます。代わりにリンクのプレイヤーとしてサインインしますか? { $name } はほかの端末があればそのまま残ります。
devices-claim-yes = リンクでサインイン
devices-claim-no = { $name } のまま遊ぶ
devices-signed-in = この端末で { $name } としてサインインしました。
devices-signed-out-here = この端末はサインアウトしました。{ $name } はほかの端末に残ります。新しいプレイヤーとして遊ぶには名前を入力してください。
devices-signed-out-elsewhere = この端末は別の端末から { $name } をサインアウトされました。新しいプレイヤーとして遊ぶには名前を入力するか、サインインリンクを開いてください。
devices-signed-out-other = { $device } をサインアウトしました。
devices-link-incomplete = このサインインリンクは不完全です。リンク全体をコピーしてください。
devices-dialog-title = 別の端末で使う
devices-dialog-lead = このリンクを別の端末で開くか、そのカメラでコードを読み取ってください。{ $minutes } 分以内に 1 台だけサインインできます。
devices-link-label = サインインリンク
devices-copy = リンクをコピー
devices-copied = リンクをコピーしました。
devices-select = リンクを選択しました。コピーしてください。
devices-close = 閉じる
devices-qr = サインインリンクの QR コード
devices-joined = { $device } がサインインしました。

## 送信前のフォームの確認

form-must-be-whole = { $label }：{ $name } は{ $min }から{ $max }までの整数です（{ $value } ではなく）。
form-must-be-list = { $label }：{ $name } は{ $length }項目です（{ $count }項目ではなく）。
form-list-numbers = { $label }：{ $name } は{ $min }から{ $max }までの整数を{ $length }個です。{ $item }番目が { $value } です。
form-list-names = { $label }：{ $name } は1〜{ $chars }文字の表示できる名前を{ $length }個です。{ $item }番目が { $value } です。
form-must-be-text = { $label }：{ $name } は1〜{ $chars }文字の表示できる文字列です（{ $value } ではなく）。

## 既定ルールの説明

preset-bga = Board Game Arena と同じ大富豪
preset-victorz = victorz.ca サーバーのルーム既定値
preset-trump-jokers = 切り札のジョーカー2枚、持ち点の得点
preset-college = 大学のハウスルール（カード交換あり）
preset-college-draft = 大学のハウスルール（ドラフト版）
preset-uecda = UECda、コンピュータ大貧民大会の公式サーバー
preset-daifugo = 日本でよくある大富豪のテーブル
preset-standard = 1組のカード、バトルと投げ込み。2対2などのチーム戦も可

## 再生ページ

replay-page-title = Presidente — 再生
replay-home = Presidente：ロビーへ戻る
replay-heading = 再生
replay-controls =
    .aria-label = ゲームを一手ずつ見る
replay-first =
    .aria-label = 配り直後へ
replay-first-text = 配り
replay-back =
    .aria-label = 一手戻る
replay-back-text = 戻る
replay-next =
    .aria-label = 次の手
replay-next-text = 次へ
replay-last =
    .aria-label = 最後へ
replay-last-text = 最後
replay-slider = 手
replay-step = { $steps }手中{ $step }手目
replay-round-back = 前へ
replay-round-next = 次へ
replay-keys = キー：← と → で一手ずつ、Home と End で配り直後と最後へ{ $rounds }。
replay-table-after = この手の後のテーブル
replay-table-position = この局面のテーブル
replay-title = { $name } の再生
replay-document-title = Presidente — { $name } の再生
replay-subtitle-record = 棋譜ファイル
replay-deal = 配り直後。
replay-table-moves = 場
replay-move = { $who }：{ $move }
replay-score = 得点 { $score }
replay-cards = { $count }枚
replay-attacker = 攻め
replay-defender = 守り
replay-to-move = — 手番
replay-battle = バトル{ $battle }：{ $attacker } が { $defender } を攻める
replay-empty-pile = 場は空：新しい場。
replay-face-up = 表向き{ $count }枚
replay-counter-clockwise = 反時計回り（9リバース）
replay-battle-counts = 山札 { $deck } · 捨て札 { $discard } · 勝ったゲーム { $wins }
replay-log-round = このラウンドの経過
replay-log-battle = このバトルの経過
replay-seat = 席 { $seat }
replay-players = { $count }人
replay-unit-round = ラウンド
replay-unit-game = ゲーム
replay-unit-previous =
    .aria-label = 前の{ $unit }
replay-unit-next =
    .aria-label = 次の{ $unit }
replay-go-to-unit = { $unit }へ移動
replay-go = 移動
replay-unit-of = { $unit } { $number } / { $count }
replay-unit-keys = 。Page Up と Page Down で前後の{ $unit }へ
replay-no-such-unit = { $unit } { $typed } はありません：1から{ $count }までです。
replay-record-title = 棋譜ファイル
replay-record-help = 棋譜ファイルは一試合まるごとを JSON で書いたものです：ルール、シード、すべての手（どちらのゲームも { $save }、{ $serve }）。サーバーが再現し、ここでゲームの再生と同じように、全員の手札を見せながらラウンドごとに（エル・プレシデンテではゲームごとに）見ていけます。ここで開けるのは 4 MB・20万手まで（1000ゲームの UECda の試合で約 3 MB・13万手）です。{ $replay } ならどれでも表示できます。
replay-record-open = 棋譜ファイルを開く
replay-record-refused = { $file } はこのページで表示できる棋譜ではありません：{ $reason }
replay-position-title = 局面ファイル
replay-position-help = 局面ファイルはテーブルを JSON で書いたものです（{ $method }。{ $command } で書き出せます）。その局面を全員の手札とともにここに描きます。
replay-position-open = 局面ファイルを開く
replay-position-refused = { $file } はこのページで表示できる局面ではありません：{ $reason }
replay-position-document-title = Presidente — { $file } の局面
replay-position-heading = ファイルの局面
replay-position-shown = { $file } のテーブル。
replay-open-record-title = Presidente — 棋譜を開く
replay-open-record-heading = 棋譜を開く
replay-open-record-intro = 棋譜ファイルの試合を、全員の手札を見せながら一手ずつ。
replay-open-position-title = Presidente — 局面を開く
replay-open-position-heading = 局面を開く
replay-open-position-intro = 局面ファイルのテーブルを、全員の手札とともに。

## 検討（再生ページ）

review-title = 検討
review-help = 一番強いボットが、ある席の手をその席から見えた情報だけで調べ、自分ならどう打ったかと比べます：それぞれの手の予想平均順位（1が1位）と1位で上がる確率。検討した手を選ぶと、その局面をテーブルに表示します。
review-seat-label = 検討する席
review-seat = { $name }（席 { $seat }）
review-start = この席の手を検討
review-cancel = 中止
review-progress =
    .aria-label = 検討した手
review-progress-count = { $total }手中{ $done }手を検討済み
review-starting = 検討を始めています…
review-stopped = { $count }手で検討を中止しました。
review-failed = 検討に失敗しました：{ $reason }
review-moves-of = { $name } の手
review-running = { $name } の手を検討中：ボットは一手に約0.25秒考えます。
review-done = 検討完了：{ $name } の{ $moves }手、悪手{ $mistakes }（{ $threshold }）。
review-threshold-half = 0.5順位以上損する手
review-threshold = { NUMBER($places, maximumFractionDigits: 2) }順位以上損する手
review-answer-cut = 応答が途中で切れました
review-estimate = 平均順位 { NUMBER($place, minimumFractionDigits: 2, maximumFractionDigits: 2) }、1位 { $first }%
review-not-searched = 検討なし：ほかに手がなかった（またはカード交換かドラフト）。
review-agrees = ボットも同じ手。
review-mistake = 悪手：約{ NUMBER($cost, minimumFractionDigits: 1, maximumFractionDigits: 1) }順位の損。
review-as-good = ボットの手と同じくらい良い。
review-worse = ボットの手より少し悪い：約{ NUMBER($cost, minimumFractionDigits: 2, maximumFractionDigits: 2) }順位の損。
review-move-number = { $number }手目 · ラウンド{ $round }
review-played = 実戦 { $move }
review-played-estimate = 実戦 { $move } — { $estimate }
review-bot-estimate = ボット { $move } — { $estimate }

## フォームのオプションのまとまり

group-cards = カードとジョーカー
group-plays = 出し方
group-revolution = 革命
group-passing = パスと同数出し
group-exchange = 身分とカード交換
group-ending = 終わり方と得点
group-table = テーブルと持ち時間
group-other = その他のルール

## 各オプション：ラベル、.help はその意味、選択肢ごとの言葉

option-decks = 混ぜるデッキの数
    .help = 一緒に混ぜる52枚デッキの数。
option-jokers_per_deck = デッキごとのジョーカー
    .help = 各デッキのジョーカーの枚数。
option-joker_mode = ジョーカーの働き
    .help = wild：ジョーカーはどのカードの代わりにもなる。bga：単体では最強、ほかと組めば代わり札。trump：ジョーカーはどの組にも勝ち、場を取る。
choice-joker_mode-wild = 代わり札：どのカードにもなる
choice-joker_mode-bga = 単体で最強、組めば代わり札
choice-joker_mode-trump = 切り札：どの組にも勝って場を取る
option-special_three = 特別な3
    .help = 特別な3。
choice-special_three-3C = クラブの3
choice-special_three-3D = ダイヤの3
choice-special_three-3H = ハートの3
choice-special_three-3S = スペードの3
option-deal_extras = 割り切れない配りの余りは
    .help = 割り切れない配りで余りのカードを受け取る人：president-first（{ -president }から配る）、lowest-first（身分の低い人）、dealer-left（配り手の左、{ -scum }から配る）。
choice-deal_extras-president-first = まず{ -president }へ
choice-deal_extras-lowest-first = 身分の低い人へ
choice-deal_extras-dealer-left = 配り手の左の人へ
option-two_player_hand = 2人のときの手札の枚数（0：全部配る）
    .help = 2人のとき、それぞれこの枚数を受け取る（0：全部配る）。
option-special_three_must_lead = 特別な3を持つ人は親のときそれを出す
    .help = 特別な3を持って親になった人はそれを出さなければならない（UECda：「出さなくてよい」）。
option-first_round_leader = 最初のラウンドの親
    .help = { -president }も{ -vice-president }もいないとき：特別な3を持つ人が親になりそれを出す、または無作為の人。
choice-first_round_leader-special-three = 特別な3を持つ人（それを出す）
choice-first_round_leader-random = 無作為に選んだ人
option-first_trick = 次のラウンドからの親
    .help = ラウンドの最初の場の親：scum（{ -scum }）、president（{ -president }）、random（無作為）、special-three（毎ラウンド特別な3を持つ人。UECda ではダイヤの3）。
choice-first_trick-scum = { -scum }
choice-first_trick-president = { -president }
choice-first_trick-random = 無作為に選んだ人
choice-first_trick-special-three = 特別な3を持つ人
option-one_fewer_two = 2が1枚少なくても勝てる（2が2枚で7の3枚に勝つ）
    .help = 最強ランクの N-1 枚がほかの N 枚に勝つ（N >= 2）。
option-four_in_a_row = 同じ数字が4枚続くと場が流れる
    .help = 同じ数字の4枚が続くと場が流れる：off（なし）、on（あり）、by-equalizing（複数の手にまたがるときだけ）。
choice-four_in_a_row-off = なし
choice-four_in_a_row-on = あり
choice-four_in_a_row-by-equalizing = 同数出しで揃ったときだけ
option-eight_rule = 8で場が流れる（8として単体で出したジョーカーも）
    .help = 8のルール（エンダー8）：8を出すと場が流れる。8として単体で出したジョーカーも同じ。penalize_final_eight はこれを見る。eight_cut は UECda の読み方。
option-best_rank_ends_trick = 最強の数字（2）で場が流れる
    .help = 最強の数字（2、革命中は3）を出すと場が流れる。
option-jack_back = イレブンバック：Jで場が流れるまで強さが逆になる
    .help = イレブンバック（Jバック）：J を含む手を出すと場が流れるまで強さの順が逆になる（もう一度 J で元に戻る）。
option-eight_cut = 8切り：8を含む手で場が流れる（単体のジョーカーは8ではない）
    .help = 8切り：8を含む手を出すと eight_rule と同じく場が流れるが、単体で出したジョーカーは決して8ではなく（UECda）、penalize_final_eight はこれを見ない。
option-five_skip = 5スキップ：5ごとに次の人を飛ばす
    .help = 5スキップ：出した5の枚数（5の代わりのジョーカーも数える）だけ次の人を飛ばす。出した本人まで一周した飛ばしで場が流れる。
option-nine_reverse = 9リバース：9で順番が逆回りになる
    .help = 9リバース：9を含む手で、ラウンドの残りの間、順番が逆回りになる（枚数にかかわらず一手に一回）。もう一度出すと元に戻る。
option-seven_give = 7渡し：出した7の枚数だけ次の人にカードを渡す
    .help = 7渡し：7を含む手を出したあと、出した7の枚数（横のジョーカーも数える）だけ好きなカードを、まだ残っている次の人に渡す。最後のカードを渡せば上がり。
option-ten_discard = 10捨て：出した10の枚数だけカードを捨てる
    .help = 10捨て：10を含む手を出したあと、出した10の枚数（横のジョーカーも数える）だけ好きなカードを表向きに捨てる。最後のカードを捨てれば上がり。
option-spade_three_return = スペ3返し：スペードの3が単体のジョーカーに勝つ
    .help = スペ3返し：単体で出したスペードの3が、単体で出したジョーカー（ジョーカーの bga モード）に勝ち、場が流れる。
option-suit_lock = しばり：同じマークの手が2回続くとそのマークにしばられる
    .help = しばり：直前の手とまったく同じマークの手（どちらもジョーカーなし）で、場がそのマークにしばられる。単体のジョーカーでしばりは解ける。
option-joker_suits = ほかのカードと出したジョーカーはマークを名乗り（JK=9H）、しばりはそれを読む
    .help = 同じ数字の普通のカードと出したジョーカーは代わりのカードを名乗り（'JK=9H 9S'）、しばりはそのマークを読む（UECda の表ではマークの欄に置かれる）。5枚組では何も名乗らない。1デッキのみ。
option-number_lock = 階段しばり：1つ違いの数字が続くと、1つずつ上げるしかなくなる
    .help = 階段しばり（数しばり）：ある数字の手が直前の手のちょうど1つ上になると、その場の以後の手はそれぞれ直前の1つ上でなければならない。単体のジョーカーで解ける。suit_lock と合わせれば両方。
option-sequences = 階段：同じマークの連続した数字（3H 4H 5H）を出せる
    .help = 階段：同じマークで sequence_min 枚以上の連続した数字（ジョーカーは1枚の代わりになれる、'JK=5H'）を一手として出せる。階段に出せるのは、同じ枚数でまるごと上の階段だけ。
option-sequence_min = 階段の最少枚数
    .help = 階段の最少枚数。
option-sequence_wraps = 階段で2と3がつながる
    .help = 階段で2と3がつながる（K A 2 3）。最強の数字より先のカードはその上として数える。
option-sequence_joker_ends = ジョーカーで階段を3の下や2の上に伸ばせる（JK=<3S 3S 4S）
    .help = ジョーカーで階段を端の先、カードのない欄まで伸ばせる：3の下（'JK=<3S 3S 4S'、最弱）または2の上（'AS 2S JK=>2S'、最強）。どの数字の代わりでもない（UECda の0列と14列）。
option-revolution = 革命：4枚組で強さが逆になる
    .help = 4枚以上の革命：off（なし）、strict（ジョーカーなし）、relaxed（ジョーカー以外で4枚）、jokers（ジョーカーも数える）。
choice-revolution-off = なし
choice-revolution-strict = 厳格：ジョーカーなし
choice-revolution-relaxed = ゆるめ：ジョーカー以外で4枚
choice-revolution-jokers = ジョーカーも数える
option-revolution_cards = 革命になる枚数
    .help = 一手で革命になるカードの枚数。
option-sequence_revolution = この長さの階段で革命（0：なし）
    .help = この枚数以上の階段で革命になる（0：なし。UECda：5）。
option-revolution_ends_trick = 革命で場が流れる
    .help = 革命で今の場が流れる。
option-revolution_scope = 革命の続く間
    .help = 革命はラウンドの終わりまで、または場が流れるまで続く。
choice-revolution_scope-round = ラウンドの終わりまで
choice-revolution_scope-trick = 場が流れるまで
option-pass_mode = パス
    .help = turn：この番だけパス。trick：その場の間は抜ける。single：一場に一人一手。
choice-pass_mode-turn = この番だけ
choice-pass_mode-trick = 場が流れるまで抜ける
choice-pass_mode-single = 一場に一人一手
option-equalize = 同じ強さをもう一度出す（同数出し）
    .help = 同じ組をもう一度出す：disallow（禁止）、allow（可）、or-skip / or-pass（次の人は同数出しするか飛ばされる／パス）、force-skip（次の人は飛ばされる）。
choice-equalize-disallow = 禁止
choice-equalize-allow = 可
choice-equalize-or-skip = 可：次の人は同数出しするか飛ばされる
choice-equalize-or-pass = 可：次の人は同数出しするかパス
choice-equalize-force-skip = 可：次の人は飛ばされる
option-equalize_ends_trick_by_scum = { -scum }の同数出しで場が流れる
    .help = { -scum }が同数出しすると場が流れる。
option-equalize_ends_trick_by_non_scum = ほかの人の同数出しで場が流れる
    .help = { -scum }でない人が同数出しすると場が流れる。
option-first_equalize_only_by_scum = 同数出しは{ -scum }（または出さねばならない人）だけ
    .help = 同数出しできるのは{ -scum }か、同数出しを求められた人だけ。
option-no_equal_best = 最強のカードには同数出しできない
    .help = 最強のカード（2、革命中は3、ジョーカー）には同数出しできない。
option-trick_end = 場が流れるのは
    .help = 場が流れるとき：others-passed（番が最後に出した人に戻るとき）、all-passed（UECda：最後に出した人も自分の手の上に出せ、残っている全員がパスすると場が流れる）。
choice-trick_end-others-passed = ほかの全員がパスしたとき
choice-trick_end-all-passed = 最後に出した人も含め全員がパスしたとき（もう一度出せる）
option-lead_pass = 親もパスできる
    .help = 親もパスできる（UECda）。残っている全員が空の場でパスしたら、同じ人がまた親になる。
option-pass_limit = ラウンドを無作為の順位で終えるパスの連続回数（0：なし）
    .help = この回数だけパスが続くと、残っている人は残りの順位を無作為に受け取る（0：なし。UECda：20）。
option-exchange = ラウンドの間に
    .help = ラウンドの間：none（なし）、trade（身分でカードを交換）、draft（ドラフト）。
choice-exchange-none = 交換なし
choice-exchange-trade = 交換：身分どうしでカードを交換
choice-exchange-draft = ドラフト：カードを置き、選んで取る
option-exchange_order = 交換の順番
    .help = loser-first：{ -scum }が先に渡し、{ -president }が選んで返す。winner-first：配られた手札から両方が同時に渡す。in-return：{ -president }が渡し、{ -scum }が一番強いカードを返す。
choice-exchange_order-loser-first = { -scum }が先に渡し、次に{ -president }
choice-exchange_order-winner-first = 配られた手札から両方同時に
choice-exchange_order-in-return = { -president }が渡し、{ -scum }が返す
option-top_exchange_cards = { -president }と{ -scum }の交換枚数
    .help = { -president }と{ -scum }で交換するカードの枚数。
option-vice_exchange_cards = { -vice-president }と{ -high-scum }の交換枚数
    .help = { -vice-president }と{ -high-scum }で交換するカードの枚数。
option-draft_cards = ドラフトで各人が置く枚数
    .help = ドラフトで各人が置いて取る枚数。
option-must_give_lowest = { -president }は一番弱いカードを渡す
    .help = { -president }と{ -vice-president }は一番弱いカードを渡さなければならない。
option-keep_jokers = { -scum }と{ -high-scum }はできればジョーカーを手元に残す
    .help = { -scum }と{ -high-scum }は、できればカード交換でジョーカーを手元に残す。
option-top_roles_min_players = { -president }と{ -scum }に必要な人数
    .help = { -president }と{ -scum }ができるのに必要な人数。
option-vice_roles_min_players = { -vice-president }と{ -high-scum }に必要な人数
    .help = { -vice-president }と{ -high-scum }に必要な人数。
option-role_titles = 身分の名前：1位、2位、その他、ブービー、最下位
    .help = 五つの身分の名前：1位、2位、その他、ブービー、最下位。
option-penalize_final_two = 2で上がると残りの最下位
    .help = 2で上がると、空いている一番下の順位になる。
option-penalize_final_joker = ジョーカーで上がると残りの最下位
    .help = ジョーカーで上がると、空いている一番下の順位になる。
option-penalize_final_best = 最強の数字で上がると残りの最下位
    .help = 最強の数字（2、革命中は3）で上がると、空いている一番下の順位になる。
option-penalize_final_eight = 8で上がると残りの最下位
    .help = eight_rule のとき8で上がると、空いている一番下の順位になる。
option-downfall = 都落ち：1位で上がれなかった{ -president }は最下位に
    .help = 1位で上がれなかった{ -president }（2〜3人では大臣）は最下位になる。
option-scoring = 得点
    .help = beaten：負かした人数だけ1点。credit：持ち点から身分に応じて減る。places：負かした人数にさらに1点（UECda：5、4、3、2、1）。
choice-scoring-beaten = 負かした人数だけ1点
choice-scoring-credit = 持ち点：身分に応じて減る
choice-scoring-places = 負かした人数に1点足す（5人なら5〜1点）
option-target_score = この得点で試合終了（0：目標なし）
    .help = 誰かがこの得点に達すると試合が終わる（0：目標なし）。
option-rounds = 試合のラウンド数（0：無制限）
    .help = このラウンド数で試合が終わる（0：無制限）。
option-credit_start = 最初の持ち点
    .help = 持ち点方式での最初の持ち点。
option-credit_changes = 持ち点の増減：{ -president }、{ -vice-president }、{ -neutral }、{ -high-scum }、{ -scum }
    .help = { -president }、{ -vice-president }、{ -neutral }、{ -high-scum }、{ -scum }の持ち点の増減。
option-games = 試合のゲーム数
    .help = 試合のゲーム数。
option-battle_limit = 引き分けまでのバトル数
    .help = この数のバトルでゲームは引き分けになる。
option-turn_time = 一手の秒数
    .help = 自動で手が打たれるまでの一手の秒数。
option-min_players = 最少人数
    .help = テーブルの最少人数。
option-seat_shuffle = この数のラウンドごとに席替え（0：なし）
    .help = 最初のラウンドから、この数のラウンドごとに席順を無作為に決め直す（0：なし。UECda：3）。身分はそのまま。
option-rank_reset = この数のラウンドごとに身分をリセット（0：なし）
    .help = 最初のラウンドから、この数のラウンドごとに身分を消す：そのラウンドはカード交換なし（0：なし。UECda：100）。
option-max_players = 最多人数
    .help = テーブルの最多人数（min_players 以上）。
option-teams = チーム（2v2 など。空：個人戦）
    .help = 2v2 や 2v2v2 のようなチーム分け（空：個人戦）。

## テーブル（table.html、table*.js）：ページ、席、場、自分の手、結果

table-page-title = { $name } — Presidente
table-page-title-turn = ● あなたの番 — { $name } — Presidente
table-heading = テーブル
table-keys-button = ?
    .aria-label = キーボード操作
    .title = キーボード操作（?）
table-watching =
    .aria-label = 観戦
table-felt =
    .aria-label = テーブル
table-trick =
    .aria-label = 今の場
table-dock =
    .aria-label = あなたの手
table-hand =
    .aria-label = 手札
table-house-rules =
    .aria-label = ローカルルール
table-auto-pass = 出せないときは自動でパス
table-leave = テーブルを離れる
table-leave-confirm = このテーブルを離れますか？ラウンドの途中なら、残っている一番下の順位になります。
table-log = ログ
table-chat = チャット
table-chat-message = メッセージ
table-chat-input =
    .placeholder = ひとこと
table-chat-send = 送信
table-chat-note = チャットするには席に着くか、ロビーでサインインしてください。
table-card-dim = 今は出せる手に使えない
table-card-received = カード交換で受け取った
table-keys-title = キーボード操作
table-key-move = ← → または 1–9
table-key-move-does = 手札を移動
table-key-space = スペース
table-key-space-does = カードを選ぶ／外す
table-key-enter = Enter
table-key-enter-does = 選んだカードを出す（渡す、取る）
table-key-pass-does = パス
table-key-hint-does = ヒント：いちばん強いボットの手
table-key-ready-does = 次のラウンドの準備完了
table-key-escape = Esc
table-key-escape-does = 選択を解除
table-key-help-does = この一覧
table-keys-close = 閉じる
table-sound-on = 音あり
table-sound-off = 音なし
table-reconnecting = 再接続中…
table-invite-button = 招待
table-invite-title = このテーブルに招待する
table-invite-lead = このリンクを送るか、スマートフォンでコードを読み取ってもらいましょう。
table-invite-link = このテーブルへのリンク
table-invite-copy = リンクをコピー
table-invite-share = 共有…
table-invite-share-text = 一緒に{ -president }をしよう
table-invite-qr =
    .alt = このテーブルへのリンクのQRコード
table-invite-close = 閉じる
table-invite-copied = リンクをコピーしました。
table-invite-select = リンクを選択しました。Ctrl+C(Macでは⌘C)でコピーしてください。
table-invite-unavailable = 今は招待リンクを表示できません。
table-closed-unknown = ここにはテーブルがありません。リンクが間違っているか、テーブルが閉じられました。
table-closed-private = このテーブルは非公開です。招待してくれた人から受け取った招待リンクで開いてください。
table-closed-signed-out = この端末はプレイヤーからサインアウトされました。ロビーで新しいプレイヤーとして遊ぶか、ほかの端末で作ったサインインリンクを開いてください。
table-closed-lobby = ロビーへ
table-status-waiting = プレイヤー待ち
table-status-paused = プレイヤーが戻るまで一時停止中
table-status-over = 対戦終了
table-status-round = 第{ $round }ラウンド
table-status-round-over = 第{ $round }ラウンド · 対戦終了
table-status-battle = 第{ $game }ゲーム（全{ $games }）· バトル{ $battle }
table-starts-when-full = 全員が席に着くとゲームが始まります。
table-watch-over = 対戦は終わりました。観戦中です。
table-watch-free = このテーブルを観戦中です。
table-watch-full = 観戦中：席はすべて埋まっています。
table-sit-as = { $name } としてここに座る
table-your-name = あなたの名前
table-sit-here = ここに座る
table-sit-seat = { $seat }番の席に座る
table-timer-next-round = 次のラウンドまで { $seconds } 秒
table-timer-yours = あなたの番 · { $seconds } 秒
table-timer = { $name } · { $seconds } 秒
table-your-turn-said = あなたの番です。
table-staged-gone = 予約した手はもう出せません：{ $play }。
table-seat-number = { $seat }番の席
table-seat-you = { $name }（あなた）
table-cards = { $count ->
    [0] 0枚
   *[other] { $count }枚
}
table-place = { $place }位
table-credit = { $score } クレジット
table-points = { $score } 点
table-marker-turn = 手番
table-marker-empty = 空席
table-marker-waiting = 次のラウンドから参加
table-marker-out = 上がり
table-marker-out-place = 上がり · { $place }
table-marker-skipped = スキップ
table-marker-passed = パス
table-marker-attacker = 攻撃
table-marker-defender = 守備
table-marker-dealer = 親
table-marker-team = チーム{ $team }
table-marker-away = 離席中
table-marker-free = 空席
table-marker-ready = 準備完了
table-ready-waiting = 準備完了：ほかの人を待っています。
table-ready = 次のラウンドの準備完了
table-watch-replay = この対戦のリプレイを見る
# Play again (table-rematch.js)
table-rematch-title = もう一度遊びますか？
table-rematch-offer = 同じメンバー・同じルールで新しいテーブルを開きます。
table-rematch-accept = もう一度遊ぶ
table-rematch-decline = やめておく
table-rematch-fill-bots = 断った人の席にボットを入れる
table-rematch-rotate = 全員が席をひとつずつ移る
table-rematch-creator-chooses = これはテーブルを作った人が選びます。
table-rematch-time = { $seconds } 秒以内に答えのない席は断ったものとみなします。
table-rematch-answers = 返事
table-rematch-answer-accepted = { $name }：もう一度遊ぶ
table-rematch-answer-declined = { $name }：断った
table-rematch-answer-waiting = { $name }：まだ返事なし
table-rematch-answer-bot = { $name }：一緒に来る
table-rematch-answer-nobody = { $seat } 番の席：だれもいない
table-rematch-go = 新しいテーブルへ
table-rematch-watch = 新しいテーブルを観戦する
table-rematch-opening = 新しいテーブルが開きました：移動します…
table-rematch-opened = 新しいテーブルが開きました。
table-rematch-nobody = もう一度遊びたい人はいませんでした。
table-rematch-failed = 新しいテーブルを開けませんでした：ロビーから作ってください。
table-results-over = 対戦終了
table-results-round = 第{ $round }ラウンドの結果
table-results-game = 第{ $game }ゲーム終了
table-results-winners = { $winners }の勝ち。
table-col-place = 順位
table-col-player = プレイヤー
table-col-title = 身分
table-col-points = 得点
table-col-total = 合計
table-col-rating = レーティング
table-col-round = ラウンド
table-title-was = { $title }（前は{ $was }）
table-score-sheet = 得点表
table-ratings = レーティング
table-rating-coming = レーティング集計中
table-rating-first = { $rating }（{ $change }、初めてのレーティング対戦）
table-rating-change = { $rating }（{ $change }）
table-rating-provisional-mark = 暫定
table-rating-provisional-why = { $name }：暫定レーティング（最初の{ $settles }局のうち{ $games }局）。新しいレーティングはサーバーが確信できる実力だけを数えるため、1局ごとに大きく動きます。{ $settles }局で安定します。
table-game-draw = 第{ $game }ゲーム：引き分け
table-game-won = 第{ $game }ゲーム：{ $name }の勝ち
table-obligation = { $name }は{ $play }と同じ強さを出すか、{ $then ->
    [skip] 1回休み
   *[pass] パス
}です。
table-obligation-you = { $play }と同じ強さを出すか、{ $then ->
    [skip] 1回休み
   *[pass] パス
}です。
table-ta-gueule = Ta gueule! { $rule }
table-must-include = { $card }を含めて出してください。
table-exchange = カード交換
table-draft-place-all = ドラフト：各プレイヤーがカードを伏せて置きます。
table-draft-pick-all = ドラフト：カードは表向きです。順番に何枚か取ります。
table-trick-of = { $kind }の場。
table-trick-kind = { $size ->
    [1] 1枚出し
    [2] ペア
    [3] 3枚出し
    [4] 4枚出し
   *[other] { $size }枚出し
}
table-trick-sequences = { $size }枚の階段
table-you-lead = あなたが親です。新しい場を始めます。
table-leads = { $name }が親です。新しい場を始めます。
table-trick-won = { $name }が場を取りました。
table-trick-won-why = { $name }が場を取りました：{ $reason }。
table-trick-won-you = あなたが場を取りました。
table-trick-won-you-why = あなたが場を取りました：{ $reason }。
table-face-up = 表向き { $count }枚
table-not-dealt = 配られていないカード { $count }枚
table-played = が出した：{ $play }
table-team-wins = 勝ったゲーム — チームA { $a }、チームB { $b }
table-may-pick-up = 守備は山を引き取れます。
table-battle = バトル{ $battle }
table-battle-attack = バトル{ $battle }：{ $attacker }が{ $defender }を攻撃
table-battle-pile = バトルの山：{ $cards }
table-battle-pile-empty = バトルの山にはまだカードがありません。
table-deck = 山札：{ $cards }
table-discard-pile = 捨て札：{ $cards }
table-turn-counter = 反時計回り（右へ）に進みます：9リバースで逆になりました。
table-turn-clockwise = 時計回り（左へ）に進みます。
table-house-rules-list = ローカルルール：{ $rules }
table-house-rule-name = { $name }：
# A card handed over in the exchange, with the article the language puts before it.
given-card = { $card }
table-gave-you = { $name }からあなたへ：{ $cards }。
table-you-gave = あなたから{ $to }へ：{ $cards }。
table-gave = { $name }から{ $to }へ：{ $cards }。
table-you-choose = あなた（{ $title }）が{ $to }（{ $toTitle }）に渡す{ $cards }を選びます。
table-chooses-for-you = { $name }（{ $title }）があなた（{ $toTitle }）に渡す{ $cards }を選んでいます。
table-chooses = { $name }（{ $title }）が{ $to }（{ $toTitle }）に渡す{ $cards }を選んでいます。
table-draft-pool = ドラフトのカード
table-joker-stands-for = ジョーカーの代わり：
table-joker-choice = ジョーカーを{ $what }として
table-match-over = 対戦は終わりました。
table-between-rounds = 第{ $round }ラウンド終了。全員の準備ができたら次のラウンドが始まります。
table-between-rounds-give = 第{ $round }ラウンド終了。全員の準備ができたら次のラウンドが始まり、{ $to }（{ $title }）に{ $cards }渡します。
table-between-rounds-draft = 第{ $round }ラウンド終了。全員の準備ができたら次のラウンドが始まり、ドラフトになります。
table-play-next-round = 次のラウンドから参加します。
table-you-are-out = 上がりました。
table-you-are-out-place = 上がりました：{ $place }。
table-next-round-soon = まもなく次のラウンドです。
table-move-on-its-way = あなたの手を送っています。
table-to-play = { $name }の番です。
table-lead = あなたが親：1枚か、同じ数字の組を出してください。
table-lead-sequences = あなたが親：1枚か、同じ数字の組か、同じマークの階段を出してください。
table-beat-or-pass = あなたの番：場より強いカードを出すか、パス。
table-cannot-beat = あなたの番：出せるカードがないのでパスします。
table-choose-joker = ジョーカーが何になるかを選んでください。
table-play = 出す
table-play-this = { $play }を出す
table-pass = パス
table-owed-give = 7渡し：次のプレイヤーにカードを1枚ずつ渡してください。
table-owed-discard = 10捨て：カードを1枚ずつ表向きに捨ててください。
table-one-at-a-time = 1枚ずつ選んでください。
table-give = 渡す
table-give-card = { $card }を渡す
table-discard = 捨てる
table-discard-card = { $card }を捨てる
table-hint = ヒント
table-hint-pass = パス
table-hint-says = ヒント：{ $move } — { $reason }
table-hint-give = { $cards }を渡す
table-hint-take = { $cards }を取る
table-hint-discard = { $cards }を捨てる
table-hint-play = { $play }を出す（{ $cards }）
table-exchange-now = カード交換。
table-exchange-chooses = カード交換：{ $name }（{ $title }）が{ $to }（{ $toTitle }）に渡す{ $cards }を選んでいます。
table-exchange-give = { $to }（{ $toTitle }）に{ $cards }渡します：手札から選んでください。
table-give-to = { $to }に{ $cards }渡す
table-select-more = あと{ $count }枚選んでください。
table-select-only = { $cards }だけ選んでください。
table-draft-places = ドラフト：{ $name }がカードを伏せて置いています。
table-draft-takes = ドラフト：{ $name }がカードを取っています。
table-draft-place = ドラフト：{ $cards }を伏せて置きます — 手札から選んでください。
table-draft-take = ドラフト：手札の横のカードから{ $cards }取ってください。
table-put-down = { $cards }伏せて置く
table-take = { $cards }取る
table-staged = 予約した手：{ $play }。
table-unstage = 予約を取り消す
table-stage = 自分の番で{ $play }を出す
table-stage-hint = 今カードを選んでおくと、自分の番になったらすぐ出せます。
table-pass-trick = この場が流れるまでパス

## 出す手の言い方（「7のペアとジョーカー」「スペードの9・10・J」）：$rank は 2-10（数）か J、Q、K、A

play-naturals = { $count ->
    [one] { $rank }
   *[other] { $rank }を{ $count }枚
}
play-rank-plural = { $rank }
play-jokers = { $count ->
    [one] ジョーカー
   *[other] ジョーカー{ $count }枚
}
play-jokers-as = { $count ->
    [one] { $one }としての{ $jokers }
   *[other] { $plural }としての{ $jokers }
}
play-and-jokers = { $naturals }とジョーカー（{ $jokers }）
play-sequence = { $suit }の{ $ranks }
play-sequence-rank = { $rank }
play-sequence-joker = { $rank }（ジョーカー）
play-sequence-with-joker = { $naturals }とジョーカー
play-sequence-below = { $rank }の下のジョーカー、そして{ $naturals }
play-sequence-above = { $naturals }、そして{ $rank }の上のジョーカー

## 効いている効果（バナー）とテーブルのローカルルール

effect-banner-revolution = 革命：強さが逆になり、弱いカードが強くなります。
effect-banner-jack-back = イレブンバック：この場が流れるまで、弱いカードが強くなります。
effect-banner-jack-back-normal = イレブンバック：この場が流れるまで、強さが元に戻ります。
effect-banner-number-lock = 階段しばり：この場が流れるまで、前より一つ上の数字しか出せません。
effect-banner-suit-lock = しばり：この場が流れるまで、{ $suits }しか出せません。
effect-banner-give = 7渡し：{ $name }が{ $to }に{ $cards }を1枚ずつ渡します。
effect-banner-give-you = 7渡し：あなたが{ $to }に{ $cards }を1枚ずつ渡します。
effect-banner-discard = 10捨て：{ $name }が{ $cards }を1枚ずつ表向きに捨てます。
effect-banner-discard-you = 10捨て：あなたが{ $cards }を1枚ずつ表向きに捨てます。
effect-next-player = 次のプレイヤー
effect-you = あなた
effect-eight_cut = 8切り
    .meaning = 8を含む手を出すと場が流れる
effect-five_skip = 5スキップ
    .meaning = 5を1枚出すごとに次のプレイヤーを飛ばす
effect-nine_reverse = 9リバース
    .meaning = 9を含む手を出すと順番が逆回りになる
effect-jack_back = イレブンバック
    .meaning = Jを含む手を出すと場が流れるまで強さが逆になる
effect-seven_give = 7渡し
    .meaning = 7を出したら、その枚数だけ次のプレイヤーにカードを渡す
effect-ten_discard = 10捨て
    .meaning = 10を出したら、その枚数だけカードを表向きに捨てる
effect-spade_three_return = スペ3返し
    .meaning = スペードの3は単騎のジョーカーに勝ち、場を流す
effect-suit_lock = しばり
    .meaning = 前の手と同じマークを出すと、その場はそのマークにしばられる
effect-sequences = 階段
    .meaning = 同じマークの連続する3枚以上をまとめて出せる
effect-number_lock = 階段しばり
    .meaning = 前の手の一つ上の数字を出すと、その場は一つずつ上がるしばりになる

## テーブルでのエル・プレシデンテ

battle-your-turn = あなたの番。{ $what }
battle-yours-attack = 攻撃：1枚か、同じ数字を何枚か選んでください（最後に選んだカードが上になります）。
battle-yours-throw-in = 攻撃と同じ数字のカードを足すか、パス。
battle-yours-defend = 上のカードを同じ数字か同じマークの上の数字で返すか、降参して山を引き取ります。
battle-yours-beat-throw-in = 返したカードと同じ数字を足すか、パス。
battle-yours-pick-up = バトルの山を引き取るか、パス。
battle-others-attack = { $name }の攻撃を待っています。
battle-others-throw-in = { $name }が足すかパスするのを待っています。
battle-others-defend = { $name }が返すか降参するのを待っています。
battle-others-pick-up = { $name }が引き取るかパスするのを待っています。
battle-attack = 攻撃
battle-attack-with = { $cards }で攻撃
battle-beat = 返す
battle-beat-with = { $cards }で返す
battle-throw-in = 足す
battle-throw-in-with = { $cards }を足す
battle-concede = 降参して山を引き取る
battle-pick-up = 山を引き取る
battle-rules = エル・プレシデンテの遊び方
battle-rules-hand = 全員が4枚持ち、バトルのたびに4枚まで引き直します。上のカードと同じ数字か、同じマークで上の数字（Kが最強、Aが最弱）なら返せます。
battle-rules-attack = 攻撃側は1枚か同じ数字の何枚かを守備側に出し、ほかの人はその数字を足せます。守備側は上のカードを1枚で返すか、降参して山を引き取ります。
battle-rules-after = 返したあとは、だれでも返したカードと同じ数字を足せます。そのあと山を引き取るか、捨て札になります。
battle-rules-win = 手札がなくなったときに、ある数字の4枚目を出した人の勝ちです。

## テーブルのログ：起きたことを一文ずつ。席は名前で、カードはスートの記号つきで（$cards、$play：「7♥ 7♦」）。
## 数字やカードの代わりをするジョーカー

log-seat = { $seat }番席
log-card-jokers = { $count ->
    [1] ジョーカー
   *[other] ジョーカー{ $count }枚
}
log-card-joker-as = { $jokers }（{ $card }として）
log-card-joker-below = { $jokers }（{ $card }の下）
log-card-joker-above = { $jokers }（{ $card }の上）
log-card-comma = 、
log-deal = カードが配られました：{ $sizes }。
log-deal-size = { $who } { $count }枚
log-give = { $who }が{ $to }に{ $cards }を渡しました。
log-give-hidden = { $who }が{ $to }にカードを{ $count }枚渡しました。
log-discard = { $who }が{ $cards }を捨てました（受け取る人が抜けたため）。
log-play-discard = { $who }が{ $cards }を表向きに捨てました。
log-draft-place = { $who }が{ $cards }を裏向きに置きました。
log-draft-place-hidden = { $who }がカードを{ $count }枚裏向きに置きました。
log-draft-reveal = ドラフトのカードが表になりました：{ $cards }。
log-draft-take = { $who }が{ $cards }を取りました。
log-play = { $who }が{ $play }を出しました。
log-revolution-on = { $who }：革命！強さが逆になります。
log-revolution-off = 強さが元に戻りました。
log-lock = { $who }がしばりました：この場では{ $play }と同じスートしか出せません。
log-pass-limit = { $passes }回続けてパス：残っているプレイヤーの順位はランダムに決まります。
log-number-lock = { $who }が階段しばり：この場では直前より一つ上の数字しか出せません。
log-jack-back-on = { $who }：イレブンバック！場が流れるまで強さが逆になります。
log-jack-back-again = { $who }：もう一度イレブンバック、強さが戻ります。
log-jack-back-end = 場が流れました：イレブンバックは終わりです。
log-turn-order-clockwise = { $who }が順番を逆にしました：これからは時計回りです。
log-turn-order-counter = { $who }が順番を逆にしました：これからは反時計回りです。
log-finish = { $who }が{ $place }位で上がりました。
log-penalized = { $who }が{ $play }で上がりました：反則上がりで最下位です。
log-downfall = { $who }は一番に上がれませんでした：都落ちで最下位です。
log-pass = { $who }はパス。
log-skip = { $who }は一回休み。
log-skipped = { $who }は飛ばされました。
log-trick-end = { $who }が場を取りました。
log-trick-end-rule = { $who }が場を取りました（{ $rule }）。
log-table-clears = 空の場で全員パス：{ $who }がもう一度親です。
log-round-end = 第{ $round }ラウンド終了。順位：{ $order }。
log-leave = { $who }がテーブルを離れました。
log-join = { $who }が参加し、次のラウンドを待っています。
log-sit = { $name }が{ $seat }番席に着きました。
log-game-start = 全席が埋まりました：ゲーム開始です。
log-ready = { $who }は準備完了。
log-next-round = 次のラウンドが始まります。
log-away = { $who }の接続が切れました。
log-back = { $who }が戻りました。
log-rename = { $old }は{ $name }に名前を変えました。
log-paused-no-legal-move = { $who }に出せる手がありません：テーブルは一時停止中です。
log-match-end = 試合終了：{ $winners }の勝ちです。
log-attack = { $who }が{ $cards }で攻めました。
log-throw-in = { $who }が{ $cards }を足しました。
log-beat = { $who }が{ $cards }で返しました。
log-concede = { $who }は降参して山を引き取りました。
log-pick-up = { $who }が山を引き取りました。
log-battle-start = 第{ $battle }戦：{ $attacker }が{ $defender }を攻めます。
log-game-end-won = 第{ $game }ゲーム終了：{ $who }の勝ちです。
log-game-end-draw = 第{ $game }ゲーム終了：引き分けです。
log-timed-automatic = { $text }（自動）
log-timed-staged = { $text }（予約）

## 場が流れた理由（流れた場の下に。$play は言葉で「8を2枚」、$cards は枚数）。場を流すルール

trick-end-play = { $play }で流れました
trick-end-rule = { $play }で流れました（{ $rule }）
trick-end-revolution = 革命で流れました
trick-end-passes = ほかの全員がパスしました
trick-end-skips = スキップで順番が戻りました
trick-rule-trump-jokers = 切り札ジョーカー
trick-rule-eight = 8のルール
trick-rule-best-rank = 最強のカードで場が流れる
trick-rule-spade-three = スペ3返し
trick-rule-eight-cut = 8切り
trick-rule-four-in-a-row = 4枚続き
trick-rule-equalize = 同数出しで場が流れる
trick-rule-revolution = 革命で場が流れる
trick-rule-skips = スキップで順番が戻った

## 手が認められない理由（docs/errors.md）。$play、$top、$card は言葉で（「9を2枚」）、$cards、$action、$instead は
## カードの記号つきで（「3♥ 4♣」）。$verb はエンジンの語：give、discard、take、join、leave

refusal-not-a-rank = { $text }は数字ではありません：A、2〜10、J、Q、K を使ってください。
refusal-not-a-card = { $text }はカードではありません。
refusal-bad-repeat-count = { $text }：繰り返しの数は正の数にしてください。
refusal-no-cards = 先にカードを選んでください。
refusal-play-without-cards = 出すには少なくとも1枚のカードが必要です。
refusal-name-each-joker = 各ジョーカーがどのカードの代わりかを選んでください。
refusal-joker-names-held-card = ジョーカーは、出す手にまだないカードの代わりになります。
refusal-sequence-declares-rank = 階段ではジョーカーは数字ではなくカードの代わりになります。
refusal-rank-declared-beside-cards = 数字の代わりになれるのは、単独で出したジョーカーだけです。
refusal-empty-play = 出すカードを選んでください。
refusal-only-jokers-stand-in = カードの代わりになれるのはジョーカーだけです（{ $name }はなれません）。
refusal-jokers-missing-before-equals = 数字の代わりになれるのはジョーカーだけです。
refusal-rank-missing-after-equals = ジョーカーがどの数字の代わりかを選んでください。
refusal-jokers-alone-name-no-card = 単独で出したジョーカーはカードではなく数字の代わりになります。
refusal-not-one-rank = 出せるのは同じ数字のカードです（ジョーカーを加えられます）。
refusal-sequence-joker-unnamed = 階段ではジョーカーはカードの代わりになります：どのカードかを選んでください。
refusal-joker-card-needs-sequence = ジョーカーがカードの代わりになるのは、普通のカードとの階段の中だけです。
refusal-joker-stands-for-joker = ジョーカーは普通のカードの代わりになり、ほかのジョーカーの代わりにはなりません。
refusal-sequence-not-one-suit = 階段は同じスートの連続したカードです（ジョーカーで間を埋められます）。
refusal-sequence-not-consecutive = 階段の数字は連続していなければなりません（3 4 5）。
refusal-empty-action = 出すカードを選ぶか、パスしてください。
refusal-pass-alone = パスはそれだけで一つの手です：パスするならカードを選ばないでください。
refusal-verb-needs-cards = { $verb ->
    [give] 渡す
    [discard] 捨てる
    [take] 取る
   *[other] { $verb }
}カードを選んでください。
refusal-verb-needs-seat = { $verb ->
    [join] 着く
    [leave] 離れる
   *[other] { $verb }
}席を指定してください。
refusal-special-three-first = 最初の場は特別な3から始まります：それを含む手で親を始めてください。
refusal-sequence-trick = この場は{ $size }枚の階段で進んでいます：階段を出すか、パスしてください。
refusal-wrong-size = この場は{ $size }枚出しです。
refusal-number-locked = 階段しばり中です：{ $rank }（直前より一つ上）を出すか、パスしてください。
refusal-number-locked-at-top = 階段しばり中で、直前より一つ上の数字がありません：パスしてください。
refusal-must-equal = { $top }と同数を出すか、パスしてください。
refusal-does-not-beat = { $play }では{ $top }に勝てません。
refusal-no-sequences = このテーブルでは階段は出せません：同じ数字のカードを出してください。
refusal-sequence-too-short = 階段は{ $min }枚以上です。
refusal-joker-below-three = このテーブルでは、階段でジョーカーを3の下に置けません。
refusal-joker-above-two = このテーブルでは、階段でジョーカーを2の上に置けません。
refusal-two-three-not-connected = このテーブルでは、階段で2と3はつながりません。
refusal-joker-too-far = ジョーカーで階段を伸ばせるのは1枚まで：3の下か2の上です。
refusal-sequence-answers-sequence = 階段には階段でしか返せません：同じ数字のカードを出すか、パスしてください。
refusal-wrong-sequence-size = この場は{ $size }枚の階段で進んでいます。
refusal-sequence-not-above = 階段は{ $top }より完全に上でなければなりません（どのカードもその一番上より上）：もっと強いカードを出すか、パスしてください。
refusal-no-equal-plays = ここでは同数出しはできません：もっと強いカードを出すか、パスしてください。
refusal-lone-joker-not-equalled = 単独のジョーカーには同数出しできません。
refusal-best-not-equalled = 最強のカードには同数出しできません。
refusal-only-scum-equalizes = ここで同数出しできるのは{ -scum }だけです。
refusal-owed-first = まずカードを{ $count }枚{ $verb ->
    [give] 渡して
    [discard] 捨てて
   *[other] { $verb }
}ください。
refusal-not-held = { $count ->
    [1] { $cards }を持っていません。
   *[other] { $cards }をそんなに持っていません。
}
refusal-trump-jokers-alone = 切り札ジョーカーは単独で出します。
refusal-declare-joker-rank = ジョーカーがどの数字の代わりかを選んでください。
refusal-jokers-declare-no-rank = このゲームでは、ジョーカーだけでは数字の代わりになりません。
refusal-jokers-name-no-card = このテーブルでは、普通のカードと出したジョーカーはカードの代わりになりません：{ $instead }を出してください。
refusal-name-each-joker-card = 各ジョーカーがどのカードの代わりかを選んでください。
refusal-suit-locked = この場は{ $suits }にしばられています：そのスートのカードを出すか、パスしてください。
refusal-match-over = 試合は終わりました。
refusal-waiting-for-players = テーブルはプレイヤーを待っています。
refusal-not-your-turn = あなたの番ではありません。
refusal-not-your-seat = 離れたり着いたりできるのは自分の席だけです。
refusal-lead-cannot-pass = あなたが親です：場の最初にパスはできません。
refusal-not-a-play-move = { $action }はプレイ中の手ではありません：カードを出すかパスしてください。
refusal-must-give-now = 今は渡すカードを選んでください。
refusal-must-place-now = 今はドラフト用に裏向きに置くカードを選んでください。
refusal-must-take-now = 今はドラフトから取るカードを選んでください。
refusal-no-one-to-move = 誰の番でもありません。
refusal-owed-one-at-a-time = まずカードを{ $count }枚、1枚ずつ{ $verb ->
    [give] 渡して
    [discard] 捨てて
   *[other] { $verb }
}ください。
refusal-give-count = ちょうど{ $count }枚渡してください（{ $size }枚ではなく）。
refusal-take-count = ちょうど{ $count }枚取ってください（{ $size }枚ではなく）。
refusal-not-in-draft-pool = { $cards }はドラフトにありません。
refusal-no-such-seat = { $seat }番席はありません：席は0番から{ $last }番です。
refusal-seat-taken = { $seat }番席は埋まっています。
refusal-seat-empty = { $seat }番席は空いています。
refusal-attack-without-cards = 少なくとも1枚出してください。
refusal-name-the-cards = 出すカードを選んでください。
refusal-no-jokers = エル・プレシデンテはジョーカーなしで遊びます。
refusal-card-twice = 同じカードが2回あります：デッキは1組だけです。
refusal-not-an-el-presidente-action = { $text }はエル・プレシデンテの手ではありません。
refusal-beat-one-card = 守り手はちょうど1枚で返します。
refusal-no-seat-at-table = { $players }人のテーブルに{ $seat }番席はありません。
refusal-not-your-turn-to-act = あなたの番ではありません。
refusal-attack-expected = 今は攻め手が1枚、または同じ数字を何枚か出します。
refusal-throw-in-expected = 今は一番上のカードと同じ数字のカードを足すか、パスしてください。
refusal-beat-expected = 今は守り手が一番上のカードを1枚で返すか、降参します。
refusal-pick-up-expected = 今は山を引き取るか、パスしてください。
refusal-attack-not-one-rank = 攻めは1枚、または同じ数字の何枚かです。
refusal-throw-in-wrong-rank = 今足せるのは{ $rank }のカードだけです。
refusal-card-does-not-beat = { $card }では{ $top }を返せません：同じ数字か、同じスートのもっと強いカードを出してください。
refusal-private-table = このテーブルは非公開です：招待リンクから開いてください。
refusal-hello-first = まず hello を送ってください。
refusal-hello-again = すでに接続しています。
refusal-watch-only = プレイヤートークンのない観戦者は見ることしかできません。
refusal-not-seated = このテーブルに着いていません：まず席に着いてください。
refusal-moves-for-own-seat = あなたは{ $seat }番席です（{ $asked }番席ではありません）：自分の席の手しか出せません。
refusal-not-started = ゲームはまだ始まっていません：全席が埋まるのを待っています。
refusal-between-rounds = ラウンドの合間です：全員の準備ができると次のラウンドが始まります。
refusal-no-hint-now = 今はヒントを出せる手がありません。
refusal-hint-not-your-turn = ヒントは自分の番に使えます：番が来るまで待ってください。
refusal-nothing-to-be-ready-for = 準備するものはありません：始まるラウンドがありません。
refusal-already-seated = すでに{ $seat }番席に着いています。
refusal-table-full = 全席が埋まっています：観戦できます。
refusal-empty-chat = チャットが空です。
refusal-chat-too-fast = チャットは1秒に1件までです。
refusal-resync-ahead = このテーブルにはまだイベント{ $seq }がありません（最後は{ $last }）。
refusal-leave-with-button = 「テーブルを離れる」ボタンで離れてください。
refusal-no-leave-move = エル・プレシデンテには離れる手がありません：代わりにその席は自動で手を出します。
refusal-no-join-move = エル・プレシデンテには参加の手がありません：新しいプレイヤーがその席を引き継ぎます。
# The websocket's own refusals (refusals.WEBSOCKET_CODES); those also met over HTTP are said as error-<code>.
refusal-too-many-connections = このアドレスからの接続が多すぎます：別のテーブルを開く前に、いくつか閉じてください。
refusal-binary-frame = このページが送ったメッセージをサーバーが読めません：ページを再読み込みしてください。
refusal-bad-message = このページが送ったメッセージをサーバーが読めません（{ $reason }）：ページを再読み込みしてください。
refusal-too-many-messages = メッセージが多すぎます：少しゆっくり送ってください。
refusal-flooded = メッセージが多すぎるため切断しました。
refusal-hello-flooded = hello のないメッセージが多すぎるため切断しました。
refusal-rematch-not-over = 「もう一度遊ぶ」は対戦が終わってから選べます。
refusal-rematch-settled = このテーブルの再戦はもう決まっています。
refusal-rematch-creator-only = 再戦の席とボットを選べるのはテーブルを作った人だけです。

## The server's refusals over HTTP (docs/protocol.md): error-<code> with its params; $message is the English sentence
error-storage-failing = サーバーの保存領域に障害があります。少し待ってからやり直してください。
error-redis-unreachable = サーバーが Redis に接続できません。少し待ってからやり直してください。
error-server-failed = サーバーがこの要求の処理に失敗しました（エラーは記録されました）。
error-body-too-large = 要求が大きすぎます（最大 { $max_bytes } バイト）。
error-body-not-json = 要求が正しい JSON ではありません。
error-body-not-object = 要求は JSON オブジェクトでなければなりません。
error-unknown-token = 不明なセッションです。名前を入力してもう一度始めてください。
error-create-player-first = 先に名前を決めてください。この操作にはセッションが必要です。
error-device-revoked = この端末はプレイヤーからサインアウトされました。ほかの端末で作ったサインインリンクを開くか、新しいプレイヤーとして遊んでください。
error-device-link-unknown = このサインインリンクは見つかりません。リンク全体をコピーするか、新しいリンクを作ってください。
error-device-link-used = このサインインリンクはすでに使われています。1 つのリンクでサインインできる端末は 1 台です。新しいリンクを作ってください。
error-device-link-expired = このサインインリンクは期限切れです(リンクの有効期間は { $minutes } 分)。新しいリンクを作ってください。
error-no-such-device = あなたのプレイヤーにそのような端末はサインインしていません。
error-too-many-devices = あなたのプレイヤーはすでに { $max } 台の端末でサインインしています。追加する前に 1 台をサインアウトしてください。
error-too-many-new-players = このアドレスからの新規プレイヤーが多すぎます。1 分後にやり直してください。
error-rename-too-soon = 名前の変更は { $seconds } 秒に 1 回までです。少し待ってください。
error-text-required = { $field -> [name] テーブル名 *[other] 表示名 }は 1〜{ $max } 文字の文字列にしてください。
error-text-length = { $field -> [name] テーブル名 *[other] 表示名 }は 1〜{ $max } 文字にしてください（{ $length } 文字です）。
error-text-not-printable = { $field -> [name] テーブル名 *[other] 表示名 }に文字ではない文字が含まれています。
error-unknown-fields = 不明な項目 { $names }。テーブルの項目は { $fields } です。
error-bad-game = ゲームは { $games } のいずれかにしてください。
error-bad-preset-field = プリセットは bga のようなプリセット名にしてください。
error-bad-seats = 席数は { $min }〜{ $max } の整数にしてください。
error-bad-options-field = オプションはオプション名と値のオブジェクトにしてください。
error-bad-bots = 席ごとにボットを 1 つ（プレイヤーなら空）指定してください。
error-not-a-boolean = { $field } は true か false にしてください（{ $value } ではなく）。
error-no-seat-for-player = 少なくとも 1 席はプレイヤー用に空けてください（ボット同士の対局を観るなら全席ボットを許可してください）。
error-sit-needs-free-seat = 着席するには、ボットのいない席を 1 つ残してください。
error-decks-over-server = このサーバーでは { $option } は { $min }〜{ $max } です（{ $value } ではなく）。これ以上のデッキは共有サーバーでは遅すぎます。
error-too-many-open-tables = すでに { $count } 卓を開いています。どれかで遊ぶか退出してから新しく開いてください。
error-too-many-waiting-tables = プレイヤー待ちのテーブルが多すぎます。どれかに参加してください。
error-no-such-table = そのテーブルはありません。
error-game-over = このゲームは終了しました。/replay/{ $table } でリプレイを見られます。
error-table-damaged = このテーブルは破損しています（保存された手を再生できません）。調査のため保管されています。
error-table-expired = このテーブルは閉じられました。誰も遊びに来ませんでした。
error-too-many-ratings = 一度に問い合わせできるレーティングは { $max } 人までです。
error-not-replayable = リプレイできるのは終了したゲームだけです。
error-step-not-number = ステップは整数です。
error-replay-damaged = このゲームの保存された手は再生できません。破損しています。
error-not-reviewable = 分析できるのは終了した大富豪（President）のゲームだけです。
error-bad-review-seat = 席は 0〜{ $max } の番号です。
error-reviews-busy = サーバーは他の分析で混み合っています。1 分後にやり直してください。
error-position-not-shown = この局面は表示できません。エンジンが受け付けませんでした。
error-record-too-large = この記録ファイルはこのページで開ける { $max_mb } MB を超えています。端末の `presidente replay FILE` ならどんな記録も再生できます。
error-record-busy = サーバーは別の記録ファイルを開いています。少し待ってからやり直してください。
error-record-refused = サーバーが再生できませんでした（英語）：{ $reason }
error-record-closed = この記録はサーバー上で閉じられました。ファイルをもう一度開いてください。
error-private-table = このテーブルは非公開です。招待リンクから開いてください。
error-not-a-whole-number = { $option } は整数にしてください（{ $min }〜{ $max }、{ $value } ではなく）。
error-out-of-bounds = { $option } は { $min }〜{ $max } の整数にしてください（{ $value } ではなく）。
error-not-true-or-false = { $option } はオンかオフにしてください（{ $value } ではなく）。
error-not-a-choice = { $option } は { $choices } のいずれかにしてください（{ $value } ではなく）。
error-bad-text = { $option } は 1〜{ $max_chars } 文字の印字可能な文字列にしてください（{ $value } ではなく）。
error-bad-text-or-null = { $option } は 1〜{ $max_chars } 文字の文字列か空にしてください（{ $value } ではなく）。
error-bad-number-list = { $option } は { $min }〜{ $max } の整数を { $count } 個にしてください（{ $value } ではなく）。
error-bad-number-list-item = { $option } は { $min }〜{ $max } の整数を { $count } 個にしてください。{ $index } 番目が { $item } です。
error-bad-name-list = { $option } は 1〜{ $max_chars } 文字の名前を { $count } 個にしてください（{ $value } ではなく）。
error-bad-name-list-item = { $option } は 1〜{ $max_chars } 文字の名前を { $count } 個にしてください。{ $index } 番目が { $item } です。
error-options-not-an-object = オプションはオプション名と値のオブジェクトにしてください（{ $value } ではなく）。
error-unknown-options = 不明なオプション：{ $names }。
error-unknown-el-presidente-options = 不明な El Presidente のオプション：{ $names }。
error-max-players-below-min = 最大人数は最小人数（{ $min }）以上にしてください（{ $max } ではなく）。
error-no-match-end = 対局には終わりが必要です。ラウンド数か目標点を設定してください。
error-all-passed-needs-trick-passes = 全員パスで場を流すには、パスをその場の終わりまで有効にする必要があります。
error-joker-suits-needs-one-deck = ジョーカーがスートを指定するにはデッキを 1 つにしてください。
error-joker-ends-need-no-wrap = 階段の端のジョーカーには、2 と 3 がつながらない階段が必要です。
error-sequence-revolution-below-min = 階段革命は 0 か最短の階段（{ $min }）以上にしてください（{ $value } ではなく）。
error-players-out-of-range = { $rules } は { $min }〜{ $max } 人で遊びます（{ $players } 人ではなく）。
error-players-not-exact = { $rules } は { $count } 人で遊びます（{ $players } 人ではなく）。
error-unknown-preset = 不明なプリセット { $preset }。{ $presets } から選んでください。
error-unknown-option = 不明なオプション { $option }。
error-teams-not-sizes = チームは 2v2 や 2v2v2 のように人数を v でつないでください（{ $value } ではなく）。
error-teams-unequal = 味方が離れて座れるよう、チームは同じ人数にしてください（{ $value } ではなく）。
error-teams-players = チーム { $teams } には { $needed } 人が必要です（{ $players } 人ではなく）。

# A hint's reason (web/table-hint.js; the codes of presidente/bots/hint.py), after "Hint: <move> —".
hint-why-search = 見えないカードの配り方 { $deals } 通りで各手を試し、この手が最善でした
hint-why-search-gain = 見えないカードの配り方 { $deals } 通りで、この手は単純な選択より { $gain }% 良い結果でした
hint-why-network = 何千ものゲームで学習したネットワークがこの手を選びました
hint-why-nothing-to-play = 出せるカードがありません：パス
hint-why-give-weakest = 組を崩さない一番弱いカードを渡す
hint-why-take-strongest = 自分の組に加わる一番強いカードを取る
hint-why-empties-hand = この手で手札がなくなります
hint-why-strong-now = 強いカードは今出す：それで上がることは禁止されています
hint-why-revolution = 革命：順位が逆になると手札が強くなります
hint-why-lead-sequence = 浮いている弱いカードの階段で親を出す
hint-why-keep-lead = 誰もこれを超えられません：親を保てます
hint-why-lead-weakest-set = 一番弱い組で親を出す
hint-why-lead-weakest = 一番弱いカードで親を出す
hint-why-illegal-finish = このカードで上がることは禁止されています
hint-why-no-equalize = 同数出しには強いカードが必要になります
hint-why-equalize = 同数出しをする
hint-why-keep-strongest = 一番強いカードは後に取っておく
hint-why-keep-set = 出すと組が崩れます
hint-why-stop-opponent = 相手がもうすぐ上がります：超えて止める
hint-why-equalize-skip = 同数出し：次の人は飛ばされます
hint-why-beat-weakest = 一番弱いカードで超える
hint-why-random = ランダムな手
hint-why-wins-game = これでゲームに勝ちます
hint-why-shed-rank = 集めていないランクを手放す
hint-why-beat-then-complete = 受けてから残りを足して組をそろえる
hint-why-king-pick-up = キングには誰も勝てません：後のために引き取る
hint-why-pile-has-rank = 山に集めているランクがあります
hint-why-nothing-beats = これに勝てるカードはありません
hint-why-beat-least-needed = 一番いらないカードで受ける
hint-why-bigger-hand = 手札が多いほど空にしにくくなります
hint-why-nothing-to-throw = 足せるカードがありません
hint-why-teammate-rest = 味方がこのランクの残りを持っているかもしれません
hint-why-collecting = このランクを集めています
hint-why-teammate-burden = 味方の負担を増やさない
hint-why-harder-attack = カードを手放し、攻撃を受けにくくする
hint-why-shed-cards = 集めていないカードを手放す
hint-why-opponent-set = 足すと相手が組をそろえてしまうかもしれません

## The guided first game (lobby "Learn to play", table-tutorial.js) and a table's rules in force (table-rules.js)

lobby-learn = 遊び方を学ぶ
lobby-learn-intro = ボットと遊ぶ短いガイド付きのラウンドです。各ステップですることを説明し、押すカードやボタンを強調します。
lobby-learn-done = 完了しました。いつでももう一度遊べます。
lobby-learn-skipped = スキップしました。いつでも試せます。
tutorial-table-name = 遊び方を学ぶ
tutorial-title = 遊び方を学ぶ
tutorial-progress = { $total } ステップ中 { $learned } を学びました
tutorial-skip = チュートリアルをスキップ
tutorial-lobby = ロビーに戻る
tutorial-start = カードを配っています。手札は下にあります。
tutorial-lead = あなたが親です。1 枚、または同じランクの複数枚を出します。強調されたカードを選び、出すボタンを押してください。
tutorial-beat = 直前の札より強いランクを同じ枚数で出して上回ります（3 が最弱、2 が最強）。強調されたカードを選び、出すボタンを押してください。
tutorial-pass = この札は上回れません。パスを押してください。この場が終わるまで休みます。
tutorial-wait = ほかの人が時計回りに順に出します。直前の札を上回るか、パスします。
tutorial-wait-lead = 場の勝者が次の場の親になります。
tutorial-trick-end = ほかの全員がパスしたので場が流れました。あなたの勝ちで、次の場の親です。強調されたカードを選び、出すボタンを押してください。
tutorial-trick-end-other = 場が流れました。ほかの全員がパスしたので { $name } の勝ちで、次の場の親です。
tutorial-out = 最後のカードを出しました。一番で上がりです！ ほかの人は、カードを持つ人が一人になるまで続けます。
tutorial-roles = ラウンドが終わりました。上がった順で身分が決まり、あなたは { $title } です。最後の人が { -scum } です。準備完了を押して次のラウンドへ。
tutorial-roles-ready = あなたは { $title } です。全員の準備ができたら次のラウンドが始まります。
tutorial-exchange = カード交換です。ラウンドの前に { -scum } は最も強いカードを { -president } に渡し、あなたは最も弱い { $count } 枚を返します。強調されたカードを選び、渡すを押してください。
tutorial-exchange-others = カード交換です。ほかの人がカードを渡しています。
tutorial-done = 1 ラウンドと交換を遊びました。これが大富豪です！ このまま続けるか、ロビーに戻ってください。
rules-button = ルール
rules-title = このテーブルのルール
rules-preset = ルール: { $preset }（{ $name }）。
rules-basics = ラウンドの進み方
rules-basics-goal = 全員にカードが配られ、手札を最初に出し切るのが目標です。カードの強さは 3（最弱）から 10、J、Q、K、A、2（最強）の順です。
rules-basics-lead = 親は 1 枚、または同じランクの複数枚を出します。順番に、同じ枚数のより強いランクで上回るか、パスします。
rules-basics-trick = ほかの全員がパスすると場が流れ、最後に出した人が次の場の親になります。
rules-basics-roles = 最初に上がった人が { -president }、最後の人が { -scum } になります。次のラウンドの前に { -scum } は最も強いカードを { -president } に渡し、代わりにカードを受け取ります。
rules-changed = このテーブルが基本ルールと違う設定
rules-option-value = { $option }: { $value }。
rules-plain = ありません。このテーブルは基本ルールで、すべてのオプションが通常の値です。
rules-all = 有効な { $count } 個のオプションすべて
rules-close = 閉じる

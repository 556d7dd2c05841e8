<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name></name>
    <message>
        <source>range {feet} ft</source>
        <translation>距離{feet}フィート</translation>
    </message>
    <message>
        <source>basic {save} save</source>
        <translation>基本{save}セーヴ</translation>
    </message>
    <message>
        <source>{save} save</source>
        <translation>{save}セーヴ</translation>
    </message>
    <message>
        <source>spell attack</source>
        <translation>呪文攻撃</translation>
    </message>
    <message>
        <source>{spell}: aim with the mouse and click to cast · Shift: 45° · Esc: stop</source>
        <extracomment>The engine&apos;s aim for the mouse now (None: nothing aimed, see `problem`). The saves table is open: the aim stays as it is until it closes.</extracomment>
        <translation>{spell}：マウスで狙ってクリックで発動 · Shift：45° · Esc：中止</translation>
    </message>
    <message>
        <source>{spell}: click up to {n} creatures (click again to remove) · Enter: cast · Esc: stop</source>
        <translation>{spell}：クリーチャーを最大{n}体クリック（もう一度クリックで外す） · Enter：発動 · Esc：中止</translation>
    </message>
    <message>
        <source>{cover} cover</source>
        <translation>{cover}遮蔽</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目標</translation>
    </message>
    <message>
        <source>No creature is affected</source>
        <translation>影響を受けるクリーチャーはいない</translation>
    </message>
    <message>
        <source>Click a creature to target it</source>
        <translation>クリーチャーをクリックして目標にする</translation>
    </message>
    <message>
        <source>&amp;Open Player Screen</source>
        <translation>プレイヤー画面を開く(&amp;O)</translation>
    </message>
    <message>
        <source>Open the player screen: a second window for the TV or projector</source>
        <translation>プレイヤー画面を開く：テレビやプロジェクター用の2つ目のウィンドウ</translation>
    </message>
    <message>
        <source>Player Screen &amp;Panel</source>
        <translation>プレイヤー画面パネル(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Full Screen on the TV</source>
        <translation>テレビで全画面表示(&amp;F)</translation>
    </message>
    <message>
        <source>Show the player screen full screen on the chosen screen (Escape on the TV leaves it)</source>
        <translation>選んだ画面でプレイヤー画面を全画面表示する（テレビ側でEscを押すと戻る）</translation>
    </message>
    <message>
        <source>&amp;Stay Where Put</source>
        <translation>置いた位置に固定(&amp;S)</translation>
    </message>
    <message>
        <source>The players&apos; view stays where you put it (drag its frame)</source>
        <translation>プレイヤーの表示範囲は置いた位置に留まる（枠をドラッグする）</translation>
    </message>
    <message>
        <source>Follow &amp;My View</source>
        <translation>自分の表示に追従(&amp;M)</translation>
    </message>
    <message>
        <source>The players&apos; view follows your own pan and zoom</source>
        <translation>プレイヤーの表示範囲が君のスクロールとズームに追従する</translation>
    </message>
    <message>
        <source>Follow the &amp;Active Creature</source>
        <translation>手番のクリーチャーに追従(&amp;A)</translation>
    </message>
    <message>
        <source>The players&apos; view centres on the creature whose turn it is (when the players see it)</source>
        <translation>プレイヤーの表示範囲はターンが来たクリーチャーを中央にする（プレイヤーに見えているとき）</translation>
    </message>
    <message>
        <source>&amp;Push My View</source>
        <translation>自分の表示を送る(&amp;P)</translation>
    </message>
    <message>
        <source>Show the players what your view shows now</source>
        <translation>君の今の表示をプレイヤーに見せる</translation>
    </message>
    <message>
        <source>Show the &amp;Known Map</source>
        <translation>既知のマップを表示(&amp;K)</translation>
    </message>
    <message>
        <source>Fit the part of the map the players know</source>
        <translation>プレイヤーが知っているマップの部分に合わせる</translation>
    </message>
    <message>
        <source>&amp;Lock the Players&apos; View</source>
        <translation>プレイヤーの表示を固定(&amp;L)</translation>
    </message>
    <message>
        <source>Nothing moves the players&apos; view by accident: no dragging, following or touch</source>
        <translation>プレイヤーの表示範囲が誤って動かない：ドラッグ、追従、タッチなし</translation>
    </message>
    <message>
        <source>&amp;Curtain</source>
        <translation>カーテン(&amp;C)</translation>
    </message>
    <message>
        <source>The players see a neutral screen while you prepare</source>
        <translation>準備中、プレイヤーには中立の画面が見える</translation>
    </message>
    <message>
        <source>Show &amp;Only an Area…</source>
        <translation>一部だけを表示(&amp;O)…</translation>
    </message>
    <message>
        <source>Drag a rectangle on the map: the players see only that area</source>
        <translation>マップ上で矩形をドラッグ：プレイヤーにはその範囲だけが見える</translation>
    </message>
    <message>
        <source>Show the &amp;Whole View</source>
        <translation>表示全体を見せる(&amp;W)</translation>
    </message>
    <message>
        <source>Take the reveal rectangle away</source>
        <translation>公開する矩形を取り除く</translation>
    </message>
    <message>
        <source>The players see only that area</source>
        <translation>プレイヤーにはその範囲だけが見える</translation>
    </message>
    <message>
        <source>Turned {degrees}°</source>
        <translation>{degrees}°回転</translation>
    </message>
    <message>
        <source>Turn the players&apos; view for the seats around a screen lying flat</source>
        <translation>平置きの画面の周りの席に合わせてプレイヤーの表示を回す</translation>
    </message>
    <message>
        <source>&amp;True Scale</source>
        <translation>実寸(&amp;T)</translation>
    </message>
    <message>
        <source>One grid square is one inch on the TV (calibrate the screen first)</source>
        <translation>テレビ上で1マスを1インチにする（先に画面を調整する）</translation>
    </message>
    <message>
        <source>&amp;Calibrate True Scale…</source>
        <translation>実寸を調整(&amp;C)…</translation>
    </message>
    <message>
        <source>Give the TV&apos;s size so a grid square is exactly one inch (or another size) on it</source>
        <translation>テレビの大きさを入力し、1マスをちょうど1インチ（または別の大きさ）にする</translation>
    </message>
    <message>
        <source>Players May &amp;Touch</source>
        <translation>プレイヤーのタッチを許可(&amp;T)</translation>
    </message>
    <message>
        <source>Touch on the TV pans, zooms, pings and measures</source>
        <translation>テレビへのタッチでスクロール、ズーム、指し示し、計測ができる</translation>
    </message>
    <message>
        <source>Show the TV &amp;Frame on My Map</source>
        <translation>自分のマップにテレビの枠を表示(&amp;F)</translation>
    </message>
    <message>
        <source>Draw where the players&apos; view is on your map</source>
        <translation>プレイヤーの表示範囲を君のマップに描く</translation>
    </message>
    <message>
        <source>&amp;Fog of War</source>
        <translation>戦場の霧(&amp;F)</translation>
    </message>
    <message>
        <source>Hide what the party hasn&apos;t seen from the player screen</source>
        <translation>一行がまだ見ていないものをプレイヤー画面から隠す</translation>
    </message>
    <message>
        <source>&amp;Reset Fog of War</source>
        <translation>戦場の霧をリセット(&amp;R)</translation>
    </message>
    <message>
        <source>Show &amp;Lights</source>
        <translation>光源を表示(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Player Screen</source>
        <translation>プレイヤー画面(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Ambient Light</source>
        <translation>環境光(&amp;A)</translation>
    </message>
    <message>
        <source>Point where it faces (Shift: 45° steps) and click to place it; right click or Esc stops</source>
        <extracomment>A cone or a line: placed with two clicks (origin, then the direction it faces). The direction the area faces (a cone or a line, once its origin is fixed).</extracomment>
        <translation>向ける方向を指してクリックで配置（Shiftで45°刻み）。右クリックかEscで中止</translation>
    </message>
    <message>
        <source>Click the point it comes from (a grid corner); right click or Esc stops</source>
        <translation>起点（グリッドの角）をクリック。右クリックかEscで中止</translation>
    </message>
    <message>
        <source>Click where the area goes (a grid corner); right click or Esc stops</source>
        <translation>効果範囲を置く場所（グリッドの角）をクリック。右クリックかEscで中止</translation>
    </message>
    <message>
        <source>Click squares or drag a rectangle; Enter or double click places the hazard; right click or Esc stops</source>
        <translation>マスをクリックするか矩形をドラッグ。Enterかダブルクリックで危険を置く。右クリックかEscで中止</translation>
    </message>
    <message>
        <source>The area can&apos;t be placed there</source>
        <translation>効果範囲はそこに置けない</translation>
    </message>
    <message>
        <source>Pick at least one square first</source>
        <translation>先にマスを1つ以上選ぶ</translation>
    </message>
    <message>
        <source>Add map</source>
        <translation>マップを追加</translation>
    </message>
    <message>
        <source>Can&apos;t add the map: {reason}</source>
        <translation>マップを追加できない：{reason}</translation>
    </message>
</context>
<context>
    <name>ActionBar</name>
    <message>
        <source>Action bar</source>
        <translation>アクション・バー</translation>
    </message>
    <message>
        <source>Free action</source>
        <extracomment>Menus under a button pop up (tests turn it off and trigger the entries).</extracomment>
        <translation>フリー・アクション</translation>
    </message>
    <message>
        <source>The GM&apos;s override: actions cost nothing and the turn refuses nothing while this is on</source>
        <translation>GMの裁定：オンの間、アクションは何も消費せず、ターンは何も拒否しない</translation>
    </message>
    <message>
        <source>No creature selected</source>
        <translation>クリーチャーが選択されていない</translation>
    </message>
    <message>
        <source>Select a token to see its turn</source>
        <translation>トークンを選択するとそのターンが表示される</translation>
    </message>
    <message>
        <source>{label}: {cost}</source>
        <translation>{label}：{cost}</translation>
    </message>
    <message>
        <source>(free action: the GM&apos;s override)</source>
        <translation>（フリー・アクション：GMの裁定）</translation>
    </message>
    <message>
        <source>Maneuvers
▾</source>
        <translation>戦技
▾</translation>
    </message>
    <message>
        <source>Maneuvers: each one, then the creature in reach</source>
        <translation>戦技：技を選び、次に間合いにいるクリーチャーを選ぶ</translation>
    </message>
    <message>
        <source>Spells
{n}</source>
        <translation>呪文
{n}</translation>
    </message>
    <message>
        <source>{name}&apos;s spells and abilities: choose one to aim and cast</source>
        <translation>{name}の呪文と能力：ひとつ選んで狙いを定め、発動する</translation>
    </message>
    <message>
        <source>Skills
▾</source>
        <translation>技能
▾</translation>
    </message>
    <message>
        <source>Skill actions: Demoralize, Feint, Battle Medicine…</source>
        <translation>技能アクション：士気をくじく、フェイント、戦場医療…</translation>
    </message>
    <message>
        <source> (not its turn: reactions only)</source>
        <translation>（自分のターンではない：リアクションのみ）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>{verb}: drag {name} on the map ({cost})</source>
        <translation>{verb}：マップ上で{name}をドラッグ（{cost}）</translation>
    </message>
</context>
<context>
    <name>ActionMenu</name>
    <message>
        <source>the action</source>
        <translation>アクション</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>アクション</translation>
    </message>
    <message>
        <source>Sneak (drag up to {feet} ft next)</source>
        <translation>忍び歩き（次のドラッグで最大{feet}フィート）</translation>
    </message>
    <message>
        <source>{actor}: {maneuver} {target}</source>
        <extracomment>The action dialogs open now (the last is the newest): tests and the screenshot find them here.</extracomment>
        <translation>{actor}：{target}に{maneuver}</translation>
    </message>
    <message>
        <source> ({dc})</source>
        <translation>（{dc}）</translation>
    </message>
    <message>
        <source>Maneuvers</source>
        <translation>戦技</translation>
    </message>
    <message>
        <source>Maneuvers by {actor} on {target}</source>
        <translation>{actor}から{target}への戦技</translation>
    </message>
    <message>
        <source>(no creature in reach)</source>
        <translation>（間合いにクリーチャーがいない）</translation>
    </message>
    <message>
        <source>Prepare to Aid (1 action)</source>
        <translation>援護の準備（1アクション）</translation>
    </message>
    <message>
        <source>Aid (reaction, DC 15)</source>
        <translation>援護（リアクション、DC 15）</translation>
    </message>
    <message>
        <source>Point Out</source>
        <translation>指し示す</translation>
    </message>
    <message>
        <source>(no undetected creature)</source>
        <translation>（未探知状態のクリーチャーがいない）</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>援護</translation>
    </message>
    <message>
        <source>(no ally to help)</source>
        <translation>（援護できる味方がいない）</translation>
    </message>
    <message>
        <source>{helper}: Aid {ally} ({skill})</source>
        <translation>{helper}：{ally}を援護（{skill}）</translation>
    </message>
    <message>
        <source>Helper&apos;s d20</source>
        <translation>援護する側のd20</translation>
    </message>
</context>
<context>
    <name>ActionMenus</name>
    <message>
        <source>Spells and abilities of {who}…</source>
        <extracomment>Opens a creature&apos;s spell list (the window&apos;s spell casting sets it). Add a square&apos;s entries to its context menu (the window&apos;s hazards set it: Place Hazard Here…).</extracomment>
        <translation>{who}の呪文と能力…</translation>
    </message>
</context>
<context>
    <name>ActionResultDialog</name>
    <message>
        <source>roll</source>
        <extracomment>Builds the command from the dice (by `RollSpec.key`).</extracomment>
        <translation>ロール</translation>
    </message>
    <message>
        <source>0: the app rolls the d{sides}; or type the die you rolled</source>
        <translation>0：アプリがd{sides}を振る。または振った出目を入力する</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>解決</translation>
    </message>
</context>
<context>
    <name>AreaTool</name>
    <message>
        <source>Burst</source>
        <translation>爆発</translation>
    </message>
    <message>
        <source>Emanation</source>
        <translation>放射</translation>
    </message>
    <message>
        <source>Cone</source>
        <translation>円錐</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>直線</translation>
    </message>
    <message>
        <source>Sphere</source>
        <translation>球</translation>
    </message>
    <message>
        <source>Cylinder</source>
        <translation>円柱</translation>
    </message>
    <message>
        <source>Cube</source>
        <translation>立方体</translation>
    </message>
    <message>
        <source>Cone/line: select the creator and aim with the mouse, or press on a creature or corner and drag · Shift: 45° · click to aim, click again to place · [ ] size · Esc: cancel</source>
        <extracomment>The height (ft) of an area placed on a corner (`AreaSpec.elevation`).</extracomment>
        <translation>円錐／直線：作成者を選んでマウスで向けるか、クリーチャーか角を押してドラッグ · Shift：45° · クリックで向きを決め、もう一度クリックで配置 · [ ] 大きさ · Esc：取り消し</translation>
    </message>
    <message>
        <source>Hover a creature (or select one) and click to place its emanation · [ ] size · Esc: cancel</source>
        <translation>クリーチャーにカーソルを合わせて（または選んで）クリックすると放射を配置 · [ ] 大きさ · Esc：取り消し</translation>
    </message>
    <message>
        <source>Move to a grid corner and click to place · [ ] size · Esc: cancel</source>
        <translation>グリッドの角に合わせてクリックで配置 · [ ] 大きさ · Esc：取り消し</translation>
    </message>
    <message>
        <source>The shapes of this scene&apos;s rule system</source>
        <translation>このシーンのルール・システムの形</translation>
    </message>
    <message>
        <source> ft</source>
        <translation> フィート</translation>
    </message>
    <message>
        <source>Radius, length or side ([ and ] change it by 5 ft)</source>
        <translation>半径、長さ、または一辺（[ と ] で5フィートずつ変える）</translation>
    </message>
    <message>
        <source> ft wide</source>
        <translation>フィート幅</translation>
    </message>
    <message>
        <source>Width of a line</source>
        <translation>直線の幅</translation>
    </message>
    <message>
        <source>Include creator</source>
        <translation>作成者を含める</translation>
    </message>
    <message>
        <source>A cone, line or emanation affects its creator only when it chooses to</source>
        <translation>円錐、直線、放射は作成者が望んだときだけ作成者に効果を及ぼす</translation>
    </message>
    <message>
        <source>until removed</source>
        <translation>取り除くまで</translation>
    </message>
    <message>
        <source> rounds</source>
        <translation> ラウンド</translation>
    </message>
    <message>
        <source>How long the area stays on the map (counts down at its creator&apos;s turn)</source>
        <translation>効果範囲がマップに残る期間（作成者のターンに減っていく）</translation>
    </message>
    <message>
        <source>at </source>
        <translation>高さ </translation>
    </message>
    <message>
        <source> ft up</source>
        <translation> フィート</translation>
    </message>
    <message>
        <source>The height of the area&apos;s origin above the ground: only creatures within its vertical extent are in it (an emanation or a creature&apos;s cone follows the creature&apos;s height)</source>
        <translation>範囲の起点の地上からの高さ：範囲の垂直方向の広がりの中にいるクリーチャーだけが範囲内にいる（放射やクリーチャーの円錐はそのクリーチャーの高さに従う）</translation>
    </message>
    <message>
        <source>Label (e.g. Fireball)</source>
        <translation>名前（例：火球）</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形</translation>
    </message>
    <message>
        <source>Lasts</source>
        <translation>持続</translation>
    </message>
    <message>
        <source>Can&apos;t place here</source>
        <translation>ここには配置できない</translation>
    </message>
    <message>
        <source>{n} squares</source>
        <translation>{n}マス</translation>
    </message>
    <message>
        <source> · {n} blocked by walls</source>
        <translation> · 壁に遮られたマス{n}</translation>
    </message>
    <message>
        <source>{n} inside: {names}</source>
        <translation>範囲内{n}体：{names}</translation>
    </message>
    <message>
        <source>No creature inside</source>
        <translation>範囲内にクリーチャーはいない</translation>
    </message>
</context>
<context>
    <name>AreasDock</name>
    <message>
        <source>Areas</source>
        <translation>効果範囲</translation>
    </message>
    <message>
        <source>No areas on the map.
Use the Area tool (A) to place one.</source>
        <translation>マップに効果範囲はない。
効果範囲ツール（A）で置く。</translation>
    </message>
    <message>
        <source>Roll saves…</source>
        <translation>セーヴをロール…</translation>
    </message>
    <message>
        <source>Every creature inside rolls its save; the damage goes through the rules</source>
        <translation>範囲内の全クリーチャーがセーヴをロールする。ダメージはルール通りに処理される</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>取り除く</translation>
    </message>
    <message>
        <source>Take the area off the map (undoable)</source>
        <translation>効果範囲をマップから取り除く（元に戻せる）</translation>
    </message>
</context>
<context>
    <name>AttackDialog</name>
    <message>
        <source>Attack</source>
        <translation>攻撃</translation>
    </message>
    <message>
        <source>attack </source>
        <translation>攻撃</translation>
    </message>
    <message>
        <source> this turn</source>
        <translation>回目（このターン）</translation>
    </message>
    <message>
        <source>Which attack this is this turn (multiple attack penalty); counted by the initiative tracker</source>
        <translation>このターンの何回目の攻撃か（複数回攻撃ペナルティ）。イニシアチブ・トラッカーが数える</translation>
    </message>
    <message>
        <source>No advantage from the GM</source>
        <translation>GMによる有利なし</translation>
    </message>
    <message>
        <source>Advantage</source>
        <translation>有利</translation>
    </message>
    <message>
        <source>Disadvantage</source>
        <translation>不利</translation>
    </message>
    <message>
        <source>Advantage or disadvantage the GM gives; it joins (and cancels with) the others</source>
        <translation>GMが与える有利・不利。他の有利・不利と合わさる（打ち消し合う）</translation>
    </message>
    <message>
        <source>Why: shown in the breakdown and the log</source>
        <translation>理由：内訳とログに表示される</translation>
    </message>
    <message>
        <source>Use inspiration (advantage)</source>
        <translation>インスピレーションを使う（有利）</translation>
    </message>
    <message>
        <source>5e 2014: spend the attacker&apos;s inspiration for advantage on this roll</source>
        <translation>5e 2014：攻撃者のインスピレーションを消費してこのロールに有利を得る</translation>
    </message>
    <message>
        <source>Add bonus</source>
        <translation>ボーナスを追加</translation>
    </message>
    <message>
        <source>A situational bonus or penalty from the GM</source>
        <translation>GMによる状況ボーナスまたはペナルティ</translation>
    </message>
    <message>
        <source>Spend hero point: reroll</source>
        <translation>ヒーロー・ポイントを消費：振り直し</translation>
    </message>
    <message>
        <source>second d20 </source>
        <translation>2個目のd20 </translation>
    </message>
    <message>
        <source>roll</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>flat d20 </source>
        <translation>単純判定 d20 </translation>
    </message>
    <message>
        <source>The flat check&apos;s d20 (0: the app rolls it with the attack); below the DC the Strike misses</source>
        <translation>単純判定のd20（0：攻撃と一緒にアプリがロールする）。DC未満なら打撃は外れる</translation>
    </message>
    <message>
        <source>Roll attack</source>
        <translation>攻撃をロール</translation>
    </message>
    <message>
        <source>Roll the d20 with the app&apos;s dice</source>
        <translation>アプリのダイスでd20を振る</translation>
    </message>
    <message>
        <source>Use typed die</source>
        <translation>入力した出目を使う</translation>
    </message>
    <message>
        <source>Use the d20 you rolled at the table</source>
        <translation>卓で振ったd20の出目を使う</translation>
    </message>
    <message>
        <source>Knock out (1 HP)</source>
        <translation>気絶させる（HP 1）</translation>
    </message>
    <message>
        <source>5e 2024: a melee attack that would drop the target to 0 HP leaves it at 1 HP and unconscious</source>
        <translation>5e 2024：目標のHPを0にする近接攻撃で、目標をHP 1の気絶状態にする</translation>
    </message>
    <message>
        <source>Magical</source>
        <translation>魔法</translation>
    </message>
    <message>
        <source>A magical attack (a magic weapon, a spell): it gets past resistance to nonmagical bludgeoning, piercing and slashing</source>
        <translation>魔法の攻撃（魔法の武器、呪文）：非魔法の殴打・刺突・斬撃への抵抗を無視する</translation>
    </message>
    <message>
        <source>Apply damage</source>
        <translation>ダメージを適用</translation>
    </message>
    <message>
        <source>Apply the damage to the target through its immunities, weaknesses and resistances</source>
        <translation>目標の完全耐性、弱点、抵抗を通してダメージを適用する</translation>
    </message>
    <message>
        <source>Attacker → target</source>
        <translation>攻撃者 → 目標</translation>
    </message>
    <message>
        <source>Situational (GM)</source>
        <translation>状況（GM）</translation>
    </message>
    <message>
        <source>Attack roll</source>
        <translation>攻撃ロール</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>ダメージ</translation>
    </message>
    <message>
        <source>ranged</source>
        <translation>遠隔</translation>
    </message>
    <message>
        <source>melee</source>
        <translation>近接</translation>
    </message>
    <message>
        <source>no damage</source>
        <translation>ダメージなし</translation>
    </message>
    <message>
        <source>{name} ({bonus}, {damage}, {kind})</source>
        <translation>{name}（{bonus}、{damage}、{kind}）</translation>
    </message>
    <message>
        <source>first d20 </source>
        <translation>1つ目のd20 </translation>
    </message>
    <message>
        <source>Used by the roll shown; start a new attack to change</source>
        <translation>表示中のロールに使われた。変えるには新しい攻撃を始める</translation>
    </message>
    <message>
        <source>New attack</source>
        <translation>新しい攻撃</translation>
    </message>
    <message>
        <source>Set up the next attack (its multiple attack penalty is shown before rolling)</source>
        <translation>次の攻撃を準備する（ロールの前に複数回攻撃ペナルティが表示される）</translation>
    </message>
    <message>
        <source>{feet} ft apart</source>
        <translation>距離{feet}フィート</translation>
    </message>
    <message>
        <source>range increment {feet} ft</source>
        <translation>射程単位{feet}フィート</translation>
    </message>
    <message>
        <source>range {normal}/{long} ft</source>
        <translation>射程{normal}/{long}フィート</translation>
    </message>
    <message>
        <source>Flat check first: DC {dc} ({reason})</source>
        <translation>先に単純判定：DC{dc}（{reason}）</translation>
    </message>
    <message>
        <source>{action} ({n} left)</source>
        <translation>{action}（残り{n}）</translation>
    </message>
    <message>
        <source>Spend {counter}: reroll, and keep the new roll even when worse</source>
        <translation>{counter}を消費：振り直し、悪くても新しい出目を使う</translation>
    </message>
    <message>
        <source>the attack</source>
        <translation>攻撃</translation>
    </message>
    <message>
        <source>the reroll</source>
        <translation>振り直し</translation>
    </message>
    <message>
        <source>the damage</source>
        <translation>ダメージ</translation>
    </message>
    <message>
        <source>{total} vs AC {ac}: {word}</source>
        <translation>{total}対AC {ac}：{word}</translation>
    </message>
    <message>
        <source> (natural {n})</source>
        <translation>（出目{n}）</translation>
    </message>
    <message>
        <source>{label} has no HP to track</source>
        <translation>{label}には記録するHPがない</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;: {steps} → &lt;b&gt;{total}&lt;/b&gt; damage, HP {before} → {after}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;：{steps} → &lt;b&gt;{total}&lt;/b&gt;ダメージ、HP {before} → {after}</translation>
    </message>
    <message>
        <source>, temp HP {before} → {after}</source>
        <translation>、一時的ヒット・ポイント {before} → {after}</translation>
    </message>
    <message>
        <source>Applied: {name} now has {hp} HP + {temp} temp ({state})</source>
        <translation>適用済み：{name}は現在HP {hp}＋一時的ヒット・ポイント{temp}（{state}）</translation>
    </message>
    <message>
        <source>Applied: {name} now has {hp} HP ({state})</source>
        <translation>適用済み：{name}は現在HP {hp}（{state}）</translation>
    </message>
</context>
<context>
    <name>BonusRow</name>
    <message>
        <source>Aid, cover, bless…</source>
        <translation>援護、遮蔽、ブレス…</translation>
    </message>
    <message>
        <source>Bless, Bane…</source>
        <translation>ブレス、ベイン…</translation>
    </message>
    <message>
        <source>1d4 or 2</source>
        <translation>1d4 または 2</translation>
    </message>
    <message>
        <source>A number (−2 for a penalty) or a die such as 1d4, rolled with the attack</source>
        <translation>数値（ペナルティは−2）または1d4のようなダイス。攻撃と一緒に振る</translation>
    </message>
    <message>
        <source>Remove this bonus</source>
        <translation>このボーナスを削除</translation>
    </message>
</context>
<context>
    <name>BreakdownTree</name>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出典</translation>
    </message>
    <message>
        <source>Doesn&apos;t stack with a better modifier of the same type</source>
        <extracomment>The groups shown (what the engine answered). The rule system whose words the rows are shown in (its Japanese terms differ from another&apos;s).</extracomment>
        <translation>同じ種別のより良い修正値とは累積しない</translation>
    </message>
    <message>
        <source> — not applied</source>
        <translation> — 適用されない</translation>
    </message>
</context>
<context>
    <name>CalibrateGridDialog</name>
    <message>
        <source>Calibrate grid</source>
        <extracomment>The picture placed as typed (a `Background`), for the live preview.</extracomment>
        <translation>グリッドの調整</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>How many pixels of the picture make one 5-ft square</source>
        <translation>画像の何ピクセルが1マス（5フィート）になるか</translation>
    </message>
    <message>
        <source>The grid grows or shrinks to the squares the picture covers (never below a token)</source>
        <translation>グリッドを画像が覆うマス目に合わせて広げるか縮める（トークンのあるマスより小さくはしない）</translation>
    </message>
    <message>
        <source>The picture is {width} × {height} pixels. The map shows the grid as you type.</source>
        <translation>画像は{width}×{height}ピクセルです。入力するとマップにグリッドが表示されます。</translation>
    </message>
    <message>
        <source>Pixels per square</source>
        <translation>1マスのピクセル数</translation>
    </message>
    <message>
        <source>First grid corner (px)</source>
        <translation>最初のグリッドの角（px）</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>グリッド</translation>
    </message>
    <message>
        <source>Use it</source>
        <extracomment>The grid printed on the picture, when one was found (`desktop.map.printed_grid`): offered in a row.</extracomment>
        <translation>これを使う</translation>
    </message>
    <message>
        <source>Fill in the square size and first corner found on the picture</source>
        <translation>画像から見つけたマスの大きさと最初の角を入力する</translation>
    </message>
    <message>
        <source>{pixels_per_cell:g} px squares, first corner at {offset_x:g}, {offset_y:g} px</source>
        <translation>1マス{pixels_per_cell:g} px、最初の角は{offset_x:g}, {offset_y:g} px</translation>
    </message>
    <message>
        <source>Printed grid found</source>
        <translation>見つかった印刷グリッド</translation>
    </message>
</context>
<context>
    <name>CalibrateTool</name>
    <message>
        <source>Drag a box over one square printed on the map picture (or over N × N squares, set in the tool bar, for precision) · Shift: square box · Esc: cancel</source>
        <extracomment>While True the box&apos;s span in squares follows the grid printed on the picture (when one is found): a 10-square drag measures 10 squares, not one huge one. Typing a span turns it off. What the box in progress measures (None: no box, or no picture).</extracomment>
        <translation>マップ画像に印刷された1マスを囲むように枠をドラッグ（精度のためにツールバーで設定したN×Nマスでも可） · Shift：正方形の枠 · Esc：中止</translation>
    </message>
    <message>
        <source> squares</source>
        <translation> マス</translation>
    </message>
    <message>
        <source>How many printed squares the box spans across (and down): more is more precise</source>
        <translation>枠が横（と縦）に何マス分の印刷されたマスにわたるか：多いほど正確</translation>
    </message>
    <message>
        <source>Fit grid to picture</source>
        <translation>グリッドを画像に合わせる</translation>
    </message>
    <message>
        <source>Resize the grid to the squares the picture covers (never below a token)</source>
        <translation>グリッドを画像が覆うマス目の大きさにする（トークンのあるマスより小さくはしない）</translation>
    </message>
    <message>
        <source>Box spans</source>
        <translation>枠の大きさ</translation>
    </message>
</context>
<context>
    <name>CalibrationDialog</name>
    <message>
        <source>inches</source>
        <extracomment>The drawn ruler&apos;s length in the dialog&apos;s logical pixels.</extracomment>
        <translation>インチ</translation>
    </message>
    <message>
        <source>cm</source>
        <translation>cm</translation>
    </message>
    <message>
        <source>Calibrate True Scale</source>
        <extracomment>The ruler&apos;s length in logical pixels to show on the TV while the ruler is chosen, or None.</extracomment>
        <translation>実寸を調整</translation>
    </message>
    <message>
        <source>The screen&apos;s size</source>
        <translation>画面の大きさ</translation>
    </message>
    <message>
        <source>Measure a ruler</source>
        <translation>定規で測る</translation>
    </message>
    <message>
        <source>Diagonal</source>
        <translation>対角</translation>
    </message>
    <message>
        <source>Pixels</source>
        <translation>ピクセル</translation>
    </message>
    <message>
        <source>Measure the bar on the Player Screen (or this one, on the TV) with a real ruler:</source>
        <translation>プレイヤー画面（またはテレビ上のこの画面）のバーを実物の定規で測る：</translation>
    </message>
    <message>
        <source>The bar measures</source>
        <translation>バーの長さ</translation>
    </message>
    <message>
        <source>One grid square is</source>
        <translation>1マスの大きさ</translation>
    </message>
    <message>
        <source>{ppi:.1f} pixels per inch: one grid square is {px:.1f} pixels on this screen</source>
        <translation>1インチあたり{ppi:.1f}ピクセル：この画面で1マスは{px:.1f}ピクセル</translation>
    </message>
</context>
<context>
    <name>CastDialog</name>
    <message>
        <source>{who} casts {spell}</source>
        <extracomment>Table columns, by key (their headers are translated in the dialog). The save modifier typed for a creature whose token lists none (None: the token&apos;s own). How the rows&apos; targets are found (the cast&apos;s aim; a hazard&apos;s own, `desktop.dialogs.hazard_dialog`). The cast&apos;s result once executed (None before, or when refused).</extracomment>
        <translation>{who}が{spell}を発動する</translation>
    </message>
    <message>
        <source>Its effect is in its text (apply it by hand): {text}</source>
        <extracomment>A spell kept as text (its effect isn&apos;t data): its text, for the GM to apply by hand.</extracomment>
        <translation>効果は本文にある（手で適用する）：{text}</translation>
    </message>
    <message>
        <source>Creature</source>
        <translation>クリーチャー</translation>
    </message>
    <message>
        <source>Cover</source>
        <translation>遮蔽</translation>
    </message>
    <message>
        <source>Save mod</source>
        <translation>セーヴ修正値</translation>
    </message>
    <message>
        <source>d20</source>
        <translation>d20</translation>
    </message>
    <message>
        <source>2nd d20</source>
        <translation>2つ目のd20</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>ダメージ</translation>
    </message>
    <message>
        <source>HP</source>
        <translation>HP</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Roll missing d20s</source>
        <translation>未入力のd20をロール</translation>
    </message>
    <message>
        <source>Roll every d20 not typed yet with the app&apos;s dice (or type each in its row)</source>
        <translation>まだ入力されていないd20をすべてアプリのダイスでロールする（または各行に入力する）</translation>
    </message>
    <message>
        <source>A creature that has rolled and can reroll</source>
        <translation>ロール済みで振り直せるクリーチャー</translation>
    </message>
    <message>
        <source>Reroll its d20; the new roll is kept (logged, undoable)</source>
        <translation>d20を振り直す。新しいロールを採用する（ログに残り、元に戻せる）</translation>
    </message>
    <message>
        <source>the damage of {spell}</source>
        <translation>{spell}のダメージ</translation>
    </message>
    <message>
        <source>Critical hit: the damage dice twice</source>
        <extracomment>A 5e critical hit&apos;s damage: the dice rolled twice, once for every critical hit (shown when one is).</extracomment>
        <translation>クリティカル・ヒット：ダメージ・ダイスを2倍</translation>
    </message>
    <message>
        <source>Free: take nothing from the caster&apos;s turn</source>
        <translation>フリー：術者のターンから何も消費しない</translation>
    </message>
    <message>
        <source>A spell from an item, a reaction handled elsewhere, the GM&apos;s call</source>
        <translation>アイテムの呪文、別に処理したリアクション、GMの判断</translation>
    </message>
    <message>
        <source>Cast</source>
        <translation>発動</translation>
    </message>
    <message>
        <source>rank {n}</source>
        <translation>{n}ランク</translation>
    </message>
    <message>
        <source>level {n}</source>
        <translation>{n}レベル</translation>
    </message>
    <message>
        <source>basic </source>
        <translation>基本</translation>
    </message>
    <message>
        <source>{basic}{save} save, DC {dc}</source>
        <translation>{basic}{save}セーヴ、DC {dc}</translation>
    </message>
    <message>
        <source>spell attack {bonus:+d}</source>
        <translation>呪文攻撃{bonus:+d}</translation>
    </message>
    <message numerus="yes">
        <source>%n target(s)</source>
        <translation>
            <numerusform>目標%n体</numerusform>
        </translation>
    </message>
    <message>
        <source>Left out: {names}</source>
        <translation>除外：{names}</translation>
    </message>
    <message>
        <source>The d20 this creature rolled (— until rolled or typed)</source>
        <translation>このクリーチャーがロールしたd20（ロールか入力までは —）</translation>
    </message>
    <message>
        <source>A second d20 (advantage or disadvantage); — for none</source>
        <translation>2つ目のd20（有利または不利）。なければ —</translation>
    </message>
    <message>
        <source>{who} lists no {save} save: type its modifier (it is kept on the token)</source>
        <translation>{who}には{save}セーヴがない：修正値を入力する（トークンに保存される）</translation>
    </message>
    <message>
        <source>{spell} against {target}</source>
        <translation>{target}への{spell}</translation>
    </message>
    <message>
        <source>the save against {spell}</source>
        <translation>{spell}へのセーヴ</translation>
    </message>
    <message>
        <source>A critical hit: roll its damage with the dice twice (or type it).</source>
        <translation>クリティカル・ヒット：ダメージ・ダイスを2倍にしてロールする（または入力する）。</translation>
    </message>
    <message>
        <source>{missing} of {n} rows still need a d20 (or a save modifier typed).</source>
        <translation>{n}行中{missing}行にまだd20（またはセーヴ修正値の入力）が必要。</translation>
    </message>
    <message>
        <source>Roll the damage once for every target (or type what the dice showed).</source>
        <translation>全目標に対してダメージを1回ロールする（またはダイスの出目を入力する）。</translation>
    </message>
    <message>
        <source>Ready: Cast applies every row, spends the use and logs it all.</source>
        <translation>準備完了：「発動」で全行を適用し、使用回数を消費し、すべてログに残す。</translation>
    </message>
    <message>
        <source>its roll against {spell}</source>
        <translation>{spell}に対するロール</translation>
    </message>
    <message>
        <source>critical hit</source>
        <translation>クリティカル・ヒット</translation>
    </message>
</context>
<context>
    <name>CheckDialog</name>
    <message>
        <source>Single check</source>
        <translation>1回の判定</translation>
    </message>
    <message>
        <source>Group check</source>
        <translation>集団判定</translation>
    </message>
    <message>
        <source>Contest</source>
        <translation>対抗判定</translation>
    </message>
    <message>
        <source>Passive</source>
        <translation>受動値</translation>
    </message>
    <message>
        <source>Checks and saves</source>
        <extracomment>One creature&apos;s line in the results (the system&apos;s `CheckRow`).</extracomment>
        <translation>判定とセーヴ</translation>
    </message>
    <message>
        <source>Check</source>
        <extracomment>The engine&apos;s outcome of each row shown (None: nothing rolled for it).</extracomment>
        <translation>判定</translation>
    </message>
    <message>
        <source>Saving throw</source>
        <translation>セーヴィング・スロー</translation>
    </message>
    <message>
        <source>Advantage</source>
        <translation>有利</translation>
    </message>
    <message>
        <source>Disadvantage</source>
        <translation>不利</translation>
    </message>
    <message>
        <source>situational bonus (Aid, bless…)</source>
        <translation>状況ボーナス（援護、ブレス…）</translation>
    </message>
    <message>
        <source>Use inspiration</source>
        <translation>インスピレーションを使う</translation>
    </message>
    <message>
        <source>Reroll</source>
        <translation>振り直し</translation>
    </message>
    <message>
        <source>second d20 </source>
        <translation>2個目のd20 </translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>Use typed dice</source>
        <translation>入力したダイスを使う</translation>
    </message>
    <message>
        <source>Creature</source>
        <translation>クリーチャー</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>内訳</translation>
    </message>
    <message>
        <source>Kind of roll</source>
        <translation>ロールの種類</translation>
    </message>
    <message>
        <source>Check or save</source>
        <translation>判定またはセーヴ</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>判定値</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>グループ</translation>
    </message>
    <message>
        <source>Against</source>
        <translation>対抗</translation>
    </message>
    <message>
        <source>DC</source>
        <translation>DC</translation>
    </message>
    <message>
        <source>Situational</source>
        <translation>状況</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>表示</translation>
    </message>
    <message>
        <source>first d20 </source>
        <translation>1つ目のd20 </translation>
    </message>
    <message>
        <source>the check</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>{name}: {total} vs DC {dc} — {result}</source>
        <translation>{name}：{total}（DC {dc}） — {result}</translation>
    </message>
    <message>
        <source>the reroll</source>
        <translation>振り直し</translation>
    </message>
    <message>
        <source>the group check</source>
        <translation>集団判定</translation>
    </message>
    <message>
        <source>Tick the creatures of the group (each needs the statistic listed)</source>
        <translation>集団のクリーチャーにチェックを入れる（それぞれに該当する判定値が必要）</translation>
    </message>
    <message>
        <source>the contest</source>
        <translation>対抗判定</translation>
    </message>
    <message>
        <source>Tie {a}–{b}: things stay as they were</source>
        <translation>{a}–{b}で同値：状況は変わらない</translation>
    </message>
    <message>
        <source>{name} wins ({a}–{b})</source>
        <translation>{name}の勝ち（{a}–{b}）</translation>
    </message>
</context>
<context>
    <name>CompendiumDock</name>
    <message>
        <source>Compendium</source>
        <extracomment>The user asked to place `count` tokens of a creature (at the centre of the view). A message for the status bar.</extracomment>
        <translation>コンペンディウム</translation>
    </message>
    <message>
        <source>Search name, type, trait…</source>
        <translation>名前・種別・特性で検索…</translation>
    </message>
    <message>
        <source>Any size</source>
        <translation>すべてのサイズ</translation>
    </message>
    <message>
        <source>Lowest level (PF2e) or challenge rating (5e; 1/4 = 0.25)</source>
        <translation>最低のレベル（PF2e）または脅威度（5e。1/4 = 0.25）</translation>
    </message>
    <message>
        <source>Highest level (PF2e) or challenge rating (5e)</source>
        <translation>最高のレベル（PF2e）または脅威度（5e）</translation>
    </message>
    <message>
        <source>How many tokens to place (numbered names when more than one)</source>
        <translation>置くトークンの数（2体以上なら名前に番号を付ける）</translation>
    </message>
    <message>
        <source>Place on Map</source>
        <translation>マップに置く</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>インポート…</translation>
    </message>
    <message>
        <source>New…</source>
        <translation>新規…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>編集…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Remove the selected entry&apos;s imported file from your library</source>
        <translation>選んだ項目のインポートしたファイルをライブラリから削除する</translation>
    </message>
    <message>
        <source>Level / CR</source>
        <translation>レベル／脅威度</translation>
    </message>
    <message>
        <source>to</source>
        <translation>～</translation>
    </message>
    <message>
        <source>Creatures</source>
        <translation>クリーチャー</translation>
    </message>
    <message>
        <source>Spells</source>
        <translation>呪文</translation>
    </message>
    <message>
        <source>Files…</source>
        <translation>ファイル…</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>フォルダー…</translation>
    </message>
    <message>
        <source>Any type</source>
        <translation>すべての種別</translation>
    </message>
    <message numerus="yes">
        <source>%n library file(s) could not be read</source>
        <translation>
            <numerusform>ライブラリのファイル%n件を読み込めませんでした</numerusform>
        </translation>
    </message>
    <message>
        <source>{book} ({edition})</source>
        <translation>{book}（{edition}）</translation>
    </message>
    <message>
        <source>{shown} of {total} creatures</source>
        <translation>クリーチャー{total}体中{shown}体</translation>
    </message>
    <message>
        <source>Import Creatures</source>
        <translation>クリーチャーを読み込む</translation>
    </message>
    <message>
        <source>Creature files (*.json *.json.gz);;All files (*)</source>
        <translation>クリーチャー・ファイル (*.json *.json.gz);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Import Creatures from a Folder</source>
        <translation>フォルダーからクリーチャーを読み込む</translation>
    </message>
    <message>
        <source>Importing creatures…</source>
        <translation>クリーチャーを読み込み中…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>Importing {name}…</source>
        <translation>{name}を読み込み中…</translation>
    </message>
    <message>
        <source>Could not import {problem}</source>
        <translation>読み込めなかった：{problem}</translation>
    </message>
    <message>
        <source>{folder} has no creature files</source>
        <translation>{folder}にクリーチャー・ファイルはない</translation>
    </message>
    <message>
        <source>Could not import the file:
{problem}</source>
        <translation>ファイルを読み込めなかった：
{problem}</translation>
    </message>
    <message>
        <source>{name} saved in {folder}</source>
        <translation>{name}を{folder}に保存しました</translation>
    </message>
</context>
<context>
    <name>CompendiumFeatures</name>
    <message>
        <source>Import &amp;Creatures…</source>
        <extracomment>The window&apos;s document, map view and map scene (`MainWindow`: the parts this feature uses).</extracomment>
        <translation>クリーチャーのインポート(&amp;C)…</translation>
    </message>
    <message>
        <source>Import creatures (Foundry VTT actor, Pathbuilder 2e export, 5e-bits SRD monsters) into your library</source>
        <translation>クリーチャー（Foundry VTTのアクター、Pathbuilder 2eのエクスポート、5e-bitsのSRDモンスター）をライブラリにインポートする</translation>
    </message>
    <message>
        <source>Import Creatures from a &amp;Folder…</source>
        <translation>フォルダーからクリーチャーを読み込む(&amp;F)…</translation>
    </message>
    <message>
        <source>Import every creature file of a folder into your library, as one book</source>
        <translation>フォルダー内の全クリーチャー・ファイルを1冊の本としてライブラリーに読み込む</translation>
    </message>
    <message>
        <source>Add &amp;Creature…</source>
        <translation>クリーチャーを追加(&amp;C)…</translation>
    </message>
    <message>
        <source>Make a creature in the editor, keep it in your library, and place it</source>
        <translation>エディターでクリーチャーを作り、ライブラリに保存して配置する</translation>
    </message>
    <message>
        <source>Edit Creature of &amp;Selection…</source>
        <translation>選択中のクリーチャーを編集(&amp;S)…</translation>
    </message>
    <message>
        <source>Open the selected tokens&apos; statistics in the creature editor; OK applies them to every selected token (each keeps its own position, HP and conditions)</source>
        <translation>選択したトークンのデータをクリーチャー・エディターで開く。OKで選択中のすべてのトークンに適用する（位置・HP・状態はそれぞれのまま）</translation>
    </message>
    <message>
        <source>Select the creatures to give {spell} to</source>
        <translation>{spell}を与えるクリーチャーを選ぶ</translation>
    </message>
    <message>
        <source>{name} is a {game} creature; this scene is not</source>
        <translation>{name}は{game}のクリーチャーですが、このシーンは違います</translation>
    </message>
    <message>
        <source>No free square near there for the new token</source>
        <translation>その近くに新しいトークンを置ける空きマスがありません</translation>
    </message>
    <message>
        <source>Select the tokens whose creature to edit</source>
        <translation>クリーチャーを編集するトークンを選択してください</translation>
    </message>
    <message>
        <source>{label}&apos;s statistics can&apos;t be edited as a creature: {exc}</source>
        <translation>{label}のデータはクリーチャーとして編集できません：{exc}</translation>
    </message>
    <message>
        <source>The creature is for the other game; the tokens are unchanged</source>
        <translation>このクリーチャーは別のゲーム用です。トークンは変更していません</translation>
    </message>
    <message>
        <source>{label} would not fit on the grid at that size</source>
        <translation>{label}はそのサイズではグリッドに収まりません</translation>
    </message>
</context>
<context>
    <name>ConditionEditor</name>
    <message>
        <source>Conditions — {label}</source>
        <extracomment>Duration choices: (label, key).</extracomment>
        <translation>状態 — {label}</translation>
    </message>
    <message>
        <source>Remove</source>
        <extracomment>It is the token&apos;s turn now: &quot;until the end of its next turn&quot; is the end of the turn after this one (the current turn&apos;s end counts first, `rules.model.effects.Ends`). The pick that stands for persistent damage (its formula and type are asked for instead).</extracomment>
        <translation>取り除く</translation>
    </message>
    <message>
        <source> rounds</source>
        <translation> ラウンド</translation>
    </message>
    <message>
        <source>e.g. Will DC 20</source>
        <translation>例：意志 DC 20</translation>
    </message>
    <message>
        <source>what caused it (optional)</source>
        <translation>原因（任意）</translation>
    </message>
    <message>
        <source>e.g. 1d6, 2d4+1, 3</source>
        <translation>例：1d6、2d4+1、3</translation>
    </message>
    <message>
        <source>The damage it takes at the end of each of its turns</source>
        <translation>自分の各ターンの終了時に受けるダメージ</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>ダメージ</translation>
    </message>
    <message>
        <source>Damage type</source>
        <translation>ダメージ種別</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>持続時間</translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation>ラウンド数</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>セーヴ</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出典</translation>
    </message>
    <message>
        <source>On the token</source>
        <translation>トークン上</translation>
    </message>
    <message>
        <source>write only the dice; the type is picked below</source>
        <translation>ダイスだけを書く。種別は下で選ぶ</translation>
    </message>
    <message>
        <source>Damage: {problem}</source>
        <translation>ダメージ：{problem}</translation>
    </message>
    <message>
        <source>{damage} persistent {type}</source>
        <translation>{damage} 持続{type}</translation>
    </message>
    <message>
        <source>Taken at the end of each of its turns; a DC 15 flat check then ends it</source>
        <translation>自分の各ターンの終了時に受け、その後DC 15の単純判定に成功すれば終わる</translation>
    </message>
</context>
<context>
    <name>ConditionNames</name>
    <message>
        <source>took cover</source>
        <translation>遮蔽をとった</translation>
    </message>
    <message>
        <source>raised a shield</source>
        <translation>盾を掲げた</translation>
    </message>
    <message>
        <source>dodging</source>
        <translation>回避中</translation>
    </message>
    <message>
        <source>disengaged</source>
        <translation>離脱した</translation>
    </message>
    <message>
        <source>aided</source>
        <translation>援護を受けた</translation>
    </message>
    <message>
        <source>helped</source>
        <translation>手助けを受けた</translation>
    </message>
    <message>
        <source>reaction used</source>
        <translation>リアクション使用済み</translation>
    </message>
    <message>
        <source>squeezing</source>
        <translation>すり抜け中</translation>
    </message>
    <message>
        <source>surprised</source>
        <translation>不意を突かれた</translation>
    </message>
    <message>
        <source>unnoticed</source>
        <translation>気づかれていない</translation>
    </message>
    <message>
        <source>flat-footed</source>
        <translation>立ちすくみ状態</translation>
    </message>
    <message>
        <source>persistent damage</source>
        <translation>持続ダメージ</translation>
    </message>
    <message>
        <source>persistent {type} damage</source>
        <translation>持続ダメージ（{type}）</translation>
    </message>
</context>
<context>
    <name>CreatureEditor</name>
    <message>
        <source>Creature</source>
        <extracomment>Each system&apos;s title for pickers, by name.</extracomment>
        <translation>クリーチャー</translation>
    </message>
    <message>
        <source>Basics</source>
        <translation>基本</translation>
    </message>
    <message>
        <source>Defences</source>
        <translation>防御</translation>
    </message>
    <message>
        <source>Senses &amp;&amp; skills</source>
        <translation>感覚と技能</translation>
    </message>
    <message>
        <source>Attacks</source>
        <translation>攻撃</translation>
    </message>
    <message>
        <source>Abilities</source>
        <translation>能力</translation>
    </message>
    <message>
        <source>Spells</source>
        <translation>呪文</translation>
    </message>
    <message>
        <source>humanoid, dragon, undead …</source>
        <translation>人型生物、ドラゴン、アンデッド…</translation>
    </message>
    <message>
        <source>comma-separated: goblin, humanoid</source>
        <translation>カンマ区切り：goblin, humanoid</translation>
    </message>
    <message>
        <source>Player character (dying / death saves at 0 HP)</source>
        <translation>プレイヤー・キャラクター（HP0で瀕死状態／死亡セーヴィング・スロー）</translation>
    </message>
    <message>
        <source>portrait picture (PNG, JPEG, WebP) — optional</source>
        <translation>肖像画像（PNG、JPEG、WebP）— 任意</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>Notes: languages, speed and HP details …</source>
        <translation>メモ：言語、移動速度やHPの詳細…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>ゲーム</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>種別</translation>
    </message>
    <message>
        <source>Traits</source>
        <translation>特性</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>レベル</translation>
    </message>
    <message>
        <source>Challenge rating</source>
        <translation>脅威度</translation>
    </message>
    <message>
        <source>Proficiency bonus</source>
        <translation>習熟ボーナス</translation>
    </message>
    <message>
        <source>XP</source>
        <translation>XP</translation>
    </message>
    <message>
        <source>Portrait</source>
        <translation>肖像</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出典</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>メモ</translation>
    </message>
    <message>
        <source>fire, poison, paralyzed …</source>
        <translation>fire（火）, poison（毒）, paralyzed（麻痺状態）…</translation>
    </message>
    <message>
        <source>5e: cold, bludgeoning …</source>
        <translation>5e：cold（冷気）, bludgeoning（殴打）…</translation>
    </message>
    <message>
        <source>AC</source>
        <translation>AC</translation>
    </message>
    <message>
        <source>HP</source>
        <translation>HP</translation>
    </message>
    <message>
        <source>Saves</source>
        <translation>セーヴ</translation>
    </message>
    <message>
        <source>Immunities</source>
        <translation>完全耐性</translation>
    </message>
    <message>
        <source>Weaknesses (PF2e)</source>
        <translation>弱点（PF2e）</translation>
    </message>
    <message>
        <source>Resistances</source>
        <translation>抵抗</translation>
    </message>
    <message>
        <source>Vulnerabilities (5e)</source>
        <translation>脆弱性（5e）</translation>
    </message>
    <message>
        <source>Reactive Strike, Shield Block …</source>
        <translation>Reactive Strike（反応打撃）, Shield Block …</translation>
    </message>
    <message>
        <source>Perception (PF2e)</source>
        <translation>知覚（PF2e）</translation>
    </message>
    <message>
        <source>Initiative bonus</source>
        <translation>イニシアチブ・ボーナス</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>移動速度</translation>
    </message>
    <message>
        <source>Other speeds</source>
        <translation>その他の移動速度</translation>
    </message>
    <message>
        <source>Reach</source>
        <translation>間合い</translation>
    </message>
    <message>
        <source>Ability scores</source>
        <translation>能力値</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>Senses</source>
        <translation>感覚</translation>
    </message>
    <message>
        <source>Reactions</source>
        <translation>リアクション</translation>
    </message>
    <message>
        <source>Damage as printed: &lt;i&gt;2d6+4 slashing plus 1d6 fire&lt;/i&gt;; persistent damage &lt;i&gt;plus 1d4 persistent fire&lt;/i&gt;. Traits / properties comma-separated (&lt;i&gt;agile, deadly d8, reach 10&lt;/i&gt;). Range: PF2e range increment in feet; 5e &lt;i&gt;80/320&lt;/i&gt;. Empty range = melee.</source>
        <translation>ダメージはデータ通り英語で：&lt;i&gt;2d6+4 slashing plus 1d6 fire&lt;/i&gt;。持続ダメージは&lt;i&gt;plus 1d4 persistent fire&lt;/i&gt;。特性／武器特性はカンマ区切り（&lt;i&gt;agile, deadly d8, reach 10&lt;/i&gt;。reachは間合い）。射程：PF2eは射程単位（フィート）、5eは&lt;i&gt;80/320&lt;/i&gt;。射程が空なら近接。</translation>
    </message>
    <message>
        <source>Bonus</source>
        <translation>ボーナス</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>ダメージ</translation>
    </message>
    <message>
        <source>Traits / properties</source>
        <translation>特性／武器特性</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>射程</translation>
    </message>
    <message>
        <source>Add attack</source>
        <translation>攻撃を追加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>Add ability</source>
        <translation>能力を追加</translation>
    </message>
    <message>
        <source>Abilities the rules don&apos;t model, kept as text for the stat block.</source>
        <translation>ルールが扱わない能力。データ・ブロック用にテキストとして保持します。</translation>
    </message>
</context>
<context>
    <name>CreatureSpellsTab</name>
    <message>
        <source>A spell of the compendium (type to search)</source>
        <translation>資料集の呪文（入力して検索）</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>取り除く</translation>
    </message>
    <message>
        <source>Spell slot</source>
        <translation>呪文スロット</translation>
    </message>
    <message>
        <source>Per day</source>
        <translation>1日あたり</translation>
    </message>
    <message>
        <source>Recharge</source>
        <translation>リチャージ</translation>
    </message>
    <message>
        <source>At will</source>
        <translation>無制限</translation>
    </message>
    <message>
        <source>Focus Points</source>
        <translation>フォーカス・ポイント</translation>
    </message>
    <message>
        <source>Uses a day, Focus Points it costs, or the lowest recharge roll</source>
        <translation>1日の使用回数、消費するフォーカス・ポイント、またはリチャージの最小出目</translation>
    </message>
    <message>
        <source>New ability, e.g. Fire Breath</source>
        <translation>新しい能力（例：炎のブレス）</translation>
    </message>
    <message>
        <source> ft</source>
        <translation> フィート</translation>
    </message>
    <message>
        <source>DC </source>
        <translation>DC </translation>
    </message>
    <message>
        <source>damage, e.g. 7d6 fire</source>
        <translation>ダメージ（例：7d6 fire）</translation>
    </message>
    <message>
        <source>Add ability</source>
        <translation>能力を追加</translation>
    </message>
    <message>
        <source>level:number, e.g. 1:4, 2:3, 3:2</source>
        <translation>レベル:個数（例：1:4, 2:3, 3:2）</translation>
    </message>
    <message>
        <source>Paid with</source>
        <translation>支払い</translation>
    </message>
    <message>
        <source>Spell DC</source>
        <translation>呪文DC</translation>
    </message>
    <message>
        <source>Spell attack</source>
        <translation>呪文攻撃</translation>
    </message>
    <message>
        <source>Spell slots</source>
        <translation>呪文スロット</translation>
    </message>
    <message>
        <source>one target</source>
        <translation>目標1体</translation>
    </message>
    <message>
        <source>the ability needs a name</source>
        <translation>能力には名前が必要</translation>
    </message>
</context>
<context>
    <name>DamageRoller</name>
    <message>
        <source>Roll damage</source>
        <extracomment>The entries changed (a roll, typed totals, or a new formula clearing them). The rule system whose words the damage types are shown in (PF2e 「［火炎］」, D&amp;D 「［火］」).</extracomment>
        <translation>ダメージをロール</translation>
    </message>
    <message>
        <source>Roll the damage with the app&apos;s dice</source>
        <translation>アプリのダイスでダメージをロールする</translation>
    </message>
    <message>
        <source>Use typed totals</source>
        <translation>入力した合計を使う</translation>
    </message>
    <message>
        <source>Use the totals you rolled with physical dice, one per damage type</source>
        <translation>実物のダイスで出した合計を使う（ダメージ種別ごとに1つ）</translation>
    </message>
    <message>
        <source>At the table:</source>
        <translation>卓でのロール：</translation>
    </message>
    <message>
        <source>Total of {render} rolled at the table</source>
        <translation>卓でロールした{render}の合計</translation>
    </message>
    <message>
        <source>No damage</source>
        <translation>ダメージなし</translation>
    </message>
    <message>
        <source>Typed in: {describe_entries}</source>
        <translation>入力：{describe_entries}</translation>
    </message>
</context>
<context>
    <name>DiceBoxDock</name>
    <message>
        <source>Dice</source>
        <extracomment>The quick buttons: (label, expression).</extracomment>
        <translation>ダイス</translation>
    </message>
    <message>
        <source>2d6+3, 4d6kh3, 2d20kh1, 1D20&gt;=15 …</source>
        <translation>2d6+3, 4d6kh3, 2d20kh1, 1D20&gt;=15 …</translation>
    </message>
    <message>
        <source>Dice notation: NdS (d or D), + − × /, kh/kl keep highest/lowest (2d20kh1: advantage), and a target such as &gt;=15 or &lt;=40 for success or failure</source>
        <translation>ダイス表記：NdS（dまたはD）、+ − × /、kh/klで高い方／低い方を残す（2d20kh1：有利）、&gt;=15や&lt;=40のような目標値で成功か失敗</translation>
    </message>
    <message>
        <source>Who rolls: the GM or a creature on the map</source>
        <translation>振る者：GMかマップ上のクリーチャー</translation>
    </message>
    <message>
        <source>Secret (GM only)</source>
        <translation>シークレット（GMのみ）</translation>
    </message>
    <message>
        <source>A GM roll the players never see on the Player Screen or their devices</source>
        <translation>プレイヤー画面にもプレイヤーの端末にも表示されないGMのロール</translation>
    </message>
    <message>
        <source>typed dice, e.g. 6 5</source>
        <translation>入力したダイス（例：6 5）</translation>
    </message>
    <message>
        <source>The faces rolled at the table, in order; empty: the app rolls</source>
        <translation>卓で出た目を順に。空欄ならアプリが振る</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>Every roll of the dice box, newest first; secret rolls are marked</source>
        <translation>ダイス・ボックスの全ロール（新しい順）。シークレットのロールには印が付く</translation>
    </message>
    <message>
        <source>Roll {expression}</source>
        <translation>{expression}をロール</translation>
    </message>
    <message>
        <source>Advantage</source>
        <translation>有利</translation>
    </message>
    <message>
        <source>Roll 2d20kh1: two d20s, the higher counts</source>
        <translation>2d20kh1をロール：d20を2つ振り、高い方を使う</translation>
    </message>
    <message>
        <source>Disadvantage</source>
        <translation>不利</translation>
    </message>
    <message>
        <source>Roll 2d20kl1: two d20s, the lower counts</source>
        <translation>2d20kl1をロール：d20を2つ振り、低い方を使う</translation>
    </message>
    <message>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>Typed dice must be whole numbers separated by spaces, e.g. 6 5</source>
        <translation>入力するダイスは空白区切りの整数（例：6 5）</translation>
    </message>
    <message>
        <source>The roll was refused</source>
        <translation>ロールは却下された</translation>
    </message>
    <message>
        <source>GM</source>
        <translation>GM</translation>
    </message>
    <message>
        <source>{who}: {expression} → {shown} = {total}</source>
        <translation>{who}：{expression} → {shown} = {total}</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>[secret] {roll}</source>
        <translation>［シークレット］{roll}</translation>
    </message>
    <message>
        <source>(rolls own dice)</source>
        <translation>（自分のダイスを振る）</translation>
    </message>
    <message>
        <source>Secret: only the GM sees this roll</source>
        <translation>シークレット：このロールはGMだけが見る</translation>
    </message>
</context>
<context>
    <name>DockSides</name>
    <message>
        <source>Side panels</source>
        <translation>サイド・パネル</translation>
    </message>
    <message>
        <source>{name}: show it, or hide this side to give the map the room</source>
        <translation>{name}：表示する。またはこの側を隠してマップを広げる</translation>
    </message>
</context>
<context>
    <name>EndTurnDialog</name>
    <message>
        <source>type it</source>
        <translation>入力する</translation>
    </message>
    <message>
        <source>Type the d20 rolled at the table</source>
        <translation>卓で振ったd20を入力する</translation>
    </message>
    <message>
        <source>The d20 the app rolled; type the table&apos;s roll to use it instead</source>
        <translation>アプリが振ったd20。卓で振った出目を入力すればそちらを使う</translation>
    </message>
    <message>
        <source>The {damage} the app rolled; type the table&apos;s roll to use it instead</source>
        <translation>アプリが振った{damage}。卓で振った出目を入力すればそちらを使う</translation>
    </message>
    <message>
        <source>End {name}&apos;s turn</source>
        <translation>{name}のターンを終える</translation>
    </message>
    <message>
        <source>Next turn</source>
        <translation>次のターン</translation>
    </message>
    <message>
        <source>End of {name}&apos;s turn: persistent damage</source>
        <translation>{name}のターンの終了時：持続ダメージ</translation>
    </message>
    <message>
        <source>{name} takes each persistent damage (through immunity, weakness and resistance), then attempts a DC {dc} flat check for each: a success ends it.</source>
        <translation>{name}は各持続ダメージを受け（完全耐性、弱点、抵抗を適用）、それぞれについてDC {dc}の単純判定を行う：成功すれば終わる。</translation>
    </message>
    <message>
        <source>damage</source>
        <translation>ダメージ</translation>
    </message>
    <message>
        <source>{damage} (no roll)</source>
        <translation>{damage}（ロールなし）</translation>
    </message>
    <message>
        <source>flat check (DC {dc})</source>
        <translation>単純判定（DC {dc}）</translation>
    </message>
    <message>
        <source>Start of {name}&apos;s turn</source>
        <translation>{name}のターンの開始</translation>
    </message>
    <message>
        <source>{name} has {n} {counter}</source>
        <translation>{name}の{counter}：{n}</translation>
    </message>
    <message>
        <source>Spend all {n} {counter} to avoid death (no recovery check)</source>
        <translation>{counter}を{n}点すべて消費して死を免れる（回復判定なし）</translation>
    </message>
    <message>
        <source>Heroic recovery: the creature loses the dying condition and is stable at 0 HP; its wounded value doesn&apos;t rise</source>
        <translation>英雄的回復：クリーチャーは瀕死状態を失い、HP0で容体安定となる。重傷状態の値は上がらない</translation>
    </message>
    <message>
        <source>Roll again</source>
        <translation>振り直す</translation>
    </message>
    <message>
        <source>Roll every field anew with the app&apos;s dice</source>
        <translation>すべての欄をアプリのダイスで振り直す</translation>
    </message>
    <message>
        <source>End of {name}&apos;s turn: saves against afflictions</source>
        <translation>{name}のターンの終了：苦難に対するセーヴ</translation>
    </message>
    <message>
        <source>{name}: {save} DC {dc} (stage {stage} of {stages})</source>
        <translation>{name}：{save}DC {dc}（第{stage}段階／全{stages}段階）</translation>
    </message>
    <message>
        <source>{name} rolls their own dice: type the rolls from the table.</source>
        <translation>{name}は自分のダイスを振る：卓の出目を入力する。</translation>
    </message>
    <message>
        <source>Type the table&apos;s rolls first</source>
        <translation>先に卓の出目を入力する</translation>
    </message>
    <message>
        <source>an affliction&apos;s damage</source>
        <translation>苦難のダメージ</translation>
    </message>
</context>
<context>
    <name>EntryList</name>
    <message>
        <source>Name</source>
        <extracomment>A token&apos;s statistics (what its creature gives it); everything else on a token is its own state.</extracomment>
        <translation>名前</translation>
    </message>
    <message>
        <source>Lvl/CR</source>
        <translation>Lv/CR</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>種別</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出典</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>Demo encounter: {name}</source>
        <extracomment>Backstop: autosave a document with unsaved changes this often. After an edit, autosave this much later (edits made meanwhile go into the same write) ... ... but no sooner than this after the previous autosave. fsync the journal this long after a change at most (a change is in the OS at once; this is for power cuts). Most picture problems listed in the warning shown on opening (the rest are counted). A message for the status bar. Which rules an imported Universal VTT map uses (None: cancel the opening). The file as it was when opened or last saved (to warn before overwriting someone else&apos;s change). Why autosave is off or failing, once told to the user. The document state last autosaved (not written again), and whether an autosave of it exists.</extracomment>
        <translation>デモの遭遇：{name}</translation>
    </message>
    <message>
        <source>{path}: too big to open (out of memory)</source>
        <translation>{path}：大きすぎて開けない（メモリー不足）</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({__name__}: {exc})</source>
        <translation>{path}：読み込めない（{__name__}：{exc}）</translation>
    </message>
    <message>
        <source>Opened {name}</source>
        <translation>{name}を開いた</translation>
    </message>
    <message>
        <source>Not saved: {name} changed on disk</source>
        <translation>保存しなかった：{name}はディスク上で変更されている</translation>
    </message>
    <message>
        <source>Can&apos;t save</source>
        <translation>保存できない</translation>
    </message>
    <message>
        <source>{path}: the file is read-only. Use File ▸ Save As to save a copy.</source>
        <translation>{path}：読み取り専用のファイル。ファイル ▸ 名前を付けて保存 でコピーを保存する。</translation>
    </message>
    <message>
        <source>Saved {name}</source>
        <translation>{name}を保存した</translation>
    </message>
    <message>
        <source>Can&apos;t restore the autosave</source>
        <translation>自動保存を復元できない</translation>
    </message>
    <message>
        <source>Restored the unsaved work on {title} (autosaved at {when}); save it to keep it</source>
        <translation>{title}の未保存の作業を復元した（{when}に自動保存）。残すには保存する</translation>
    </message>
    <message>
        <source>Open scene</source>
        <translation>シーンを開く</translation>
    </message>
    <message>
        <source>Save scene as</source>
        <translation>名前を付けてシーンを保存</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存の変更</translation>
    </message>
    <message>
        <source>Save the changes to “{display_name}”?</source>
        <translation>“{display_name}”への変更を保存するか？</translation>
    </message>
    <message>
        <source>Your changes will be lost if you don&apos;t save them.</source>
        <translation>保存しないと変更は失われる。</translation>
    </message>
    <message>
        <source>Restore unsaved work?</source>
        <translation>未保存の作業を復元するか？</translation>
    </message>
    <message>
        <source>FiveFoot did not close properly. Restore your unsaved work on “{title}”?</source>
        <translation>FiveFootは正常に終了しなかった。“{title}”の未保存の作業を復元するか？</translation>
    </message>
    <message>
        <source>Autosaved {when}{more}.{where}</source>
        <translation>{when}に自動保存{more}。{where}</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>復元</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>後で</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>ディスク上のファイルが変更された</translation>
    </message>
    <message>
        <source>“{name}” was changed on disk since you opened or saved it.</source>
        <translation>“{name}”は開いた後か保存した後にディスク上で変更された。</translation>
    </message>
    <message>
        <source>Another program or FiveFoot window saved it. Overwrite those changes with yours? (Cancel, then use File ▸ Save As to keep both.)</source>
        <translation>別のプログラムかFiveFootのウィンドウが保存した。その変更を君の変更で上書きするか？（両方残すにはキャンセルしてから ファイル ▸ 名前を付けて保存）</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>上書き</translation>
    </message>
</context>
<context>
    <name>FogTool</name>
    <message>
        <source>Drag to reveal the map to the players · right-drag hides · brush or rectangle in the tool bar</source>
        <translation>ドラッグでマップをプレイヤーに見せる · 右ドラッグで隠す · ブラシか矩形はツールバーで選ぶ</translation>
    </message>
    <message>
        <source>Reveal to players</source>
        <translation>プレイヤーに見せる</translation>
    </message>
    <message>
        <source>Hide from players</source>
        <translation>プレイヤーから隠す</translation>
    </message>
    <message>
        <source>Left drag reveals or hides (right drag always does the other)</source>
        <translation>左ドラッグで見せるか隠す（右ドラッグは常にその逆）</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>ブラシ</translation>
    </message>
    <message>
        <source>Rectangle</source>
        <translation>矩形</translation>
    </message>
    <message>
        <source> sq</source>
        <translation> マス</translation>
    </message>
    <message>
        <source>Brush radius in squares</source>
        <translation>ブラシの半径（マス）</translation>
    </message>
    <message>
        <source>Fog</source>
        <translation>霧</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形</translation>
    </message>
    <message>
        <source>Radius</source>
        <translation>半径</translation>
    </message>
</context>
<context>
    <name>FootingPrompts</name>
    <message>
        <source>a narrow surface</source>
        <translation>狭い足場</translation>
    </message>
    <message>
        <source>uneven ground</source>
        <translation>でこぼこの地面</translation>
    </message>
    <message>
        <source>{who}: keep its footing on {where}? (Reflex DC {dc})</source>
        <translation>{who}：{where}で足場を保てるか？（反応DC{dc}）</translation>
    </message>
    <message>
        <source>Reflex save d20</source>
        <translation>反応セーヴのd20</translation>
    </message>
    <message>
        <source>the Reflex save</source>
        <translation>反応セーヴ</translation>
    </message>
</context>
<context>
    <name>GaugeStrip</name>
    <message>
        <source>MAP {value}</source>
        <extracomment>A sustained effect&apos;s badge on the bar (the creature&apos;s effects it must Sustain each turn). Fills the skill actions&apos; menu of the creature (PF2e); returns None when it has none. Fills the maneuvers&apos; menu of the creature (each maneuver ▸ the creatures in reach). Opens the creature&apos;s spell list (its spells and abilities).</extracomment>
        <translation>複数回攻撃ペナルティ {value}</translation>
    </message>
    <message>
        <source>⚔ {left}/{total}</source>
        <translation>⚔ {left}/{total}</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>アクション</translation>
    </message>
    <message>
        <source>Bonus</source>
        <translation>ボーナス</translation>
    </message>
    <message>
        <source>Reaction</source>
        <translation>リアクション</translation>
    </message>
    <message>
        <source>{left} ft</source>
        <translation>{left}フィート</translation>
    </message>
</context>
<context>
    <name>HazardDialog</name>
    <message>
        <source>The hazard is gone</source>
        <translation>危険はなくなった</translation>
    </message>
    <message>
        <source>{name} goes off on {who}</source>
        <translation>{name}が{who}に作動する</translation>
    </message>
    <message>
        <source>{name} goes off</source>
        <translation>{name}が作動する</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>解決</translation>
    </message>
    <message>
        <source>Ready: Resolve applies every row and logs it all.</source>
        <translation>準備完了：「解決」で全行を適用し、すべてログに残す。</translation>
    </message>
</context>
<context>
    <name>HazardFeatures</name>
    <message>
        <source>Place &amp;Hazard…</source>
        <extracomment>The prompts of the hazards set off and not answered yet, and the saves tables open. The step that set off each prompt&apos;s hazard (undoing it takes the prompt away).</extracomment>
        <translation>危険を置く(&amp;H)…</translation>
    </message>
    <message>
        <source>Place a trap or hazard: its ability, its trigger, its squares</source>
        <translation>罠や危険を置く：その能力、トリガー、マス</translation>
    </message>
    <message>
        <source>Place {name}</source>
        <translation>{name}を置く</translation>
    </message>
    <message>
        <source>Hazard: {name}</source>
        <translation>危険：{name}</translation>
    </message>
    <message>
        <source>Notice (show it to the players)</source>
        <translation>気づく（プレイヤーに見せる）</translation>
    </message>
    <message>
        <source>Trigger Now…</source>
        <translation>今すぐ作動…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>取り除く</translation>
    </message>
    <message>
        <source>Place Hazard Here…</source>
        <translation>ここに危険を置く…</translation>
    </message>
    <message>
        <source>{name}: no creature stands on it to set it off</source>
        <translation>{name}：作動させるクリーチャーが上にいない</translation>
    </message>
    <message>
        <source>{name} goes off on {who} (entered it)</source>
        <translation>{name}が{who}に作動する（入った）</translation>
    </message>
    <message>
        <source>{name} goes off on {who} (started its turn on it)</source>
        <translation>{name}が{who}に作動する（その上でターンを開始した）</translation>
    </message>
    <message>
        <source>{name} goes off on {who} (ended its turn on it)</source>
        <translation>{name}が{who}に作動する（その上でターンを終えた）</translation>
    </message>
    <message>
        <source>That hazard is gone or spent</source>
        <translation>その危険はなくなったか使用済み</translation>
    </message>
</context>
<context>
    <name>HazardForm</name>
    <message>
        <source>Place Hazard</source>
        <extracomment>Place it as its ability&apos;s area at a point (a burst-type trap) rather than on squares picked.</extracomment>
        <translation>危険を置く</translation>
    </message>
    <message>
        <source>Trap</source>
        <extracomment>The ability choices other than a new one, by key.</extracomment>
        <translation>罠</translation>
    </message>
    <message>
        <source>A new ability (below)</source>
        <translation>新しい能力（下）</translation>
    </message>
    <message>
        <source>{who}: {ability}</source>
        <translation>{who}：{ability}</translation>
    </message>
    <message>
        <source>{spell} (spell, level {level})</source>
        <translation>{spell}（呪文、{level}レベル）</translation>
    </message>
    <message>
        <source>Basic save / half on a success</source>
        <translation>基本セーヴ／成功で半減</translation>
    </message>
    <message>
        <source>DC </source>
        <translation>DC </translation>
    </message>
    <message>
        <source>The save&apos;s DC (a spell or an ability without its own DC takes this one)</source>
        <translation>セーヴのDC（独自のDCを持たない呪文や能力はこれを使う）</translation>
    </message>
    <message>
        <source>damage, e.g. 2d6 piercing</source>
        <translation>ダメージ（例：2d6 piercing）</translation>
    </message>
    <message>
        <source>on a failed save, e.g. prone</source>
        <translation>セーヴ失敗時（例：prone＝伏せ状態）</translation>
    </message>
    <message>
        <source>the creature that sets it off</source>
        <translation>作動させたクリーチャー</translation>
    </message>
    <message>
        <source> ft</source>
        <translation> フィート</translation>
    </message>
    <message>
        <source>a creature enters one of its squares</source>
        <translation>クリーチャーがそのマスに入る</translation>
    </message>
    <message>
        <source>a creature starts its turn on it</source>
        <translation>クリーチャーがその上でターンを開始する</translation>
    </message>
    <message>
        <source>a creature ends its turn on it</source>
        <translation>クリーチャーがその上でターンを終える</translation>
    </message>
    <message>
        <source>Goes off once (spent afterwards)</source>
        <translation>1回だけ作動する（その後は使用済み）</translation>
    </message>
    <message>
        <source>Hidden from the players until noticed</source>
        <translation>気づかれるまでプレイヤーから隠す</translation>
    </message>
    <message>
        <source>can&apos;t be noticed by a check</source>
        <translation>判定では気づけない</translation>
    </message>
    <message>
        <source>Place it as its ability&apos;s area at a point</source>
        <translation>能力の効果範囲として1点に置く</translation>
    </message>
    <message>
        <source>A burst-type trap: its squares are the area, placed on the map</source>
        <translation>爆発型の罠：そのマスが効果範囲で、マップに置かれる</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Ability</source>
        <translation>能力</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>セーヴ</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>ダメージ</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Affects</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Goes off when</source>
        <translation>作動条件</translation>
    </message>
    <message>
        <source>Notice DC</source>
        <translation>気づくDC</translation>
    </message>
    <message>
        <source>Pick Squares…</source>
        <translation>マスを選ぶ…</translation>
    </message>
    <message>
        <source>Place Area…</source>
        <translation>効果範囲を置く…</translation>
    </message>
    <message>
        <source>the hazard needs a name</source>
        <translation>危険には名前が必要</translation>
    </message>
</context>
<context>
    <name>HazardPrompt</name>
    <message>
        <source>A hazard goes off</source>
        <extracomment>The GM window (`desktop.window.main_window.MainWindow`), named by its role: importing it here would make an import cycle (the window installs this feature).</extracomment>
        <translation>危険が作動する</translation>
    </message>
    <message>
        <source>Resolve…</source>
        <translation>解決…</translation>
    </message>
    <message>
        <source>Ignore</source>
        <translation>無視</translation>
    </message>
</context>
<context>
    <name>HiddenMarkerItem</name>
    <message>
        <source>Someone is here: the party knows the square, not what is in it</source>
        <extracomment>Amber: it reads on a dark map and on black fog, and is no colour the map itself uses for walls.</extracomment>
        <translation>誰かがいる：一行はマスを知っているが、何がいるかは知らない</translation>
    </message>
</context>
<context>
    <name>ImportPictureDialog</name>
    <message>
        <source>Import map picture</source>
        <translation>マップ画像を読み込む</translation>
    </message>
    <message>
        <source>&lt;b&gt;{_html}&lt;/b&gt; — {width} × {height} pixels, {format_name}</source>
        <translation>&lt;b&gt;{_html}&lt;/b&gt; — {width} × {height}ピクセル、{format_name}</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>How many pixels of the picture make one 5-ft square</source>
        <translation>画像の何ピクセルが5フィートの1マスになるか</translation>
    </message>
    <message>
        <source>To line the grid up with a grid printed on the picture, use Map ▸ Calibrate Grid.</source>
        <translation>画像に描かれたグリッドに合わせるには マップ ▸ グリッドを調整 を使う。</translation>
    </message>
    <message>
        <source>The grid grows or shrinks to the squares the picture covers (never below a token)</source>
        <translation>グリッドは画像が覆うマス目に合わせて伸縮する（トークンより小さくはならない）</translation>
    </message>
    <message>
        <source>Pixels per square</source>
        <translation>1マスのピクセル数</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>グリッド</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>読み込む</translation>
    </message>
</context>
<context>
    <name>ImportReport</name>
    <message>
        <source>No creature was imported</source>
        <translation>クリーチャーは読み込まれなかった</translation>
    </message>
    <message>
        <source>Imported 1 creature from {files} into your library</source>
        <translation>{files}から1体のクリーチャーをライブラリーに読み込んだ</translation>
    </message>
    <message>
        <source>Imported {n} creatures from {files} into your library</source>
        <translation>{files}から{n}体のクリーチャーをライブラリーに読み込んだ</translation>
    </message>
    <message>
        <source>1 file</source>
        <translation>1ファイル</translation>
    </message>
    <message>
        <source>{n} files</source>
        <translation>{n}ファイル</translation>
    </message>
    <message>
        <source>({n} could not be read)</source>
        <translation>（{n}件は読み込めなかった）</translation>
    </message>
    <message>
        <source>— stopped before the end</source>
        <translation>— 途中で中止した</translation>
    </message>
    <message>
        <source>The compendium&apos;s search or filters hide {n} of them: clear them to see every entry.</source>
        <translation>資料集の検索かフィルターで{n}件が隠れている：すべて見るにはそれらを解除する。</translation>
    </message>
</context>
<context>
    <name>ImportSystemDialog</name>
    <message>
        <source>Rules for this map</source>
        <translation>このマップのルール</translation>
    </message>
    <message>
        <source>“{name}” is a map without rules of its own. Which rules should it use?</source>
        <translation>“{name}”は独自のルールを持たないマップ。どのルールを使うか？</translation>
    </message>
</context>
<context>
    <name>InitiativeDock</name>
    <message>
        <source>Initiative</source>
        <extracomment>A new turn began: the id of the creature whose turn it is.</extracomment>
        <translation>イニシアチブ</translation>
    </message>
    <message>
        <source>Creature</source>
        <extracomment>The token ids of the setup table&apos;s rows, top to bottom. The last end-of-turn prompt opened by `next_turn` (tests read it).</extracomment>
        <translation>クリーチャー</translation>
    </message>
    <message>
        <source>Mod</source>
        <translation>修正値</translation>
    </message>
    <message>
        <source>Roll initiative &amp;&amp; start</source>
        <translation>イニシアチブをロールして開始</translation>
    </message>
    <message>
        <source>Roll initiative for the ticked creatures (typed d20s are used as rolled) and begin round 1</source>
        <translation>チェックしたクリーチャーのイニシアチブをロールし（入力したd20はその出目を使う）、ラウンド1を始める</translation>
    </message>
    <message>
        <source>Type a d20 rolled at the table, or leave it empty for the app to roll.</source>
        <translation>卓でロールしたd20を入力する。空欄ならアプリがロールする。</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 前へ</translation>
    </message>
    <message>
        <source>Back one turn (a correction: the creature gets a fresh turn)</source>
        <translation>1ターン戻す（修正：そのクリーチャーは新しいターンを得る）</translation>
    </message>
    <message>
        <source>Next turn ▶</source>
        <translation>次のターン ▶</translation>
    </message>
    <message>
        <source>End this turn and start the next (movement, diagonals, MAP, reaction reset)</source>
        <translation>このターンを終えて次を始める（移動、斜め移動、複数回攻撃ペナルティ、リアクションをリセット）</translation>
    </message>
    <message>
        <source>Delay</source>
        <translation>行動遅延</translation>
    </message>
    <message>
        <source>PF2e: the current creature Delays; return it later from the list</source>
        <translation>PF2e：現在のクリーチャーが“行動遅延”する。後でリストから戻す</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>戻る</translation>
    </message>
    <message>
        <source>The selected delaying creature returns after the current turn</source>
        <translation>選択した行動遅延中のクリーチャーが現在のターンの後に戻る</translation>
    </message>
    <message>
        <source>Ready…</source>
        <translation>待機…</translation>
    </message>
    <message>
        <source>The current creature readies an action with a trigger</source>
        <translation>現在のクリーチャーがトリガー付きでアクションを待機する</translation>
    </message>
    <message>
        <source>Reaction</source>
        <translation>リアクション</translation>
    </message>
    <message>
        <source>The selected creature uses its reaction (or its readied action)</source>
        <translation>選択したクリーチャーがリアクション（または待機したアクション）を使う</translation>
    </message>
    <message>
        <source>End encounter</source>
        <translation>遭遇を終える</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>追加…</translation>
    </message>
    <message>
        <source>Add creatures on the map to the running encounter (they roll initiative)</source>
        <translation>マップ上のクリーチャーを進行中の遭遇に加える（イニシアチブをロールする）</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>取り除く</translation>
    </message>
    <message>
        <source>Take the selected creature out of the initiative order</source>
        <translation>選択したクリーチャーをイニシアチブ順から外す</translation>
    </message>
    <message>
        <source>Difficulty of the foes on the map for the PCs on it (level, CR / XP)</source>
        <extracomment>The last Add to Encounter dialog opened (tests read it).</extracomment>
        <translation>マップ上のPCにとっての敵の難易度（レベル、CR／XP）</translation>
    </message>
    <message>
        <source>No encounter</source>
        <translation>遭遇なし</translation>
    </message>
    <message>
        <source>Include in the encounter</source>
        <translation>遭遇に含める</translation>
    </message>
    <message>
        <source>roll</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>The d20 {label} rolled at the table (“roll”: the app rolls it)</source>
        <translation>{label}が卓でロールしたd20（“ロール”：アプリがロールする）</translation>
    </message>
    <message>
        <source>{name}: initiative {initiative} (d20 {d20} {modifier:+d})</source>
        <translation>{name}：イニシアチブ{initiative}（d20 {d20} {modifier:+d}）</translation>
    </message>
    <message>
        <source>Round {round} · {name}&apos;s turn</source>
        <translation>ラウンド{round} · {name}のターン</translation>
    </message>
    <message>
        <source>Round {round}</source>
        <translation>ラウンド{round}</translation>
    </message>
    <message>
        <source>initiative</source>
        <translation>イニシアチブ</translation>
    </message>
    <message>
        <source>{name} delays</source>
        <translation>{name}が行動遅延する</translation>
    </message>
    <message>
        <source>Ready an action</source>
        <translation>アクションを待機する</translation>
    </message>
    <message>
        <source>Trigger and action (e.g. “Strike the first foe that comes near”):</source>
        <translation>トリガーとアクション（例：“最初に近づいた敵に打撃”）：</translation>
    </message>
</context>
<context>
    <name>InspectorDock</name>
    <message>
        <source>Inspector</source>
        <extracomment>The GM asked for the token&apos;s spell list (its id).</extracomment>
        <translation>インスペクター</translation>
    </message>
    <message>
        <source>Select a token to edit it.

Double-click a token, or right-click the map to add one.</source>
        <extracomment>The token whose typed conditions were refused (the box keeps the text to correct).</extracomment>
        <translation>編集するトークンを選んでください。

トークンをダブルクリックするか、マップを右クリックしてトークンを追加します。</translation>
    </message>
    <message>
        <source>Name shown on the map</source>
        <translation>マップに表示する名前</translation>
    </message>
    <message>
        <source>Player character / important NPC</source>
        <translation>プレイヤー・キャラクター／重要なNPC</translation>
    </message>
    <message>
        <source>PF2e: dying at 0 HP · 5e: death saves at 0 HP (others die)</source>
        <translation>PF2e：0 HPで瀕死状態 · 5e：0 HPで死亡セーヴィング・スロー（それ以外は死亡）</translation>
    </message>
    <message>
        <source>Rolls own dice</source>
        <translation>自分のダイスを振る</translation>
    </message>
    <message>
        <source>This player rolls their own dice: the app asks for the number instead of rolling</source>
        <translation>このプレイヤーは自分のダイスを振る：アプリは振る代わりに出目を尋ねる</translation>
    </message>
    <message>
        <source>Height above the ground in feet (flying, climbing)</source>
        <translation>地面からの高さ（フィート。飛行中、登攀中）</translation>
    </message>
    <message>
        <source>The number on the miniature&apos;s base (shown on both screens)</source>
        <translation>ミニチュアの台座の番号（両方の画面に表示）</translation>
    </message>
    <message>
        <source>Spend one to reroll a check (the new roll is kept)</source>
        <translation>1点消費して判定を振り直す（新しいロールを採用）</translation>
    </message>
    <message>
        <source>has it</source>
        <translation>持っている</translation>
    </message>
    <message>
        <source>Hero Points</source>
        <translation>ヒーロー・ポイント</translation>
    </message>
    <message>
        <source>e.g. frightened 1, prone</source>
        <translation>例：frightened 1（恐れ状態1）, prone（伏せ状態）</translation>
    </message>
    <message>
        <source>Conditions, separated by commas; valued ones as “frightened 2”; PF2e persistent damage as “1d6 persistent fire”</source>
        <translation>状態（カンマ区切り。値のある状態は“frightened 2”（恐れ状態2）、PF2eの持続ダメージは“1d6 persistent fire”と英語で書く）</translation>
    </message>
    <message>
        <source>Death saving throws: three successes make it stable, three failures kill it</source>
        <translation>死亡セーヴィング・スロー：3回成功で安定状態、3回失敗で死亡</translation>
    </message>
    <message>
        <source>Death saves</source>
        <translation>死亡セーヴィング・スロー</translation>
    </message>
    <message>
        <source>Edit…</source>
        <extracomment>The conditions as icons, each named in its tooltip (`desktop.widgets.condition_icons`).</extracomment>
        <translation>編集…</translation>
    </message>
    <message>
        <source>Pick conditions from the system&apos;s list, with values and durations</source>
        <translation>ルール・システムの一覧から状態を選ぶ（値と持続時間つき）</translation>
    </message>
    <message>
        <source>7 or 2d8+5</source>
        <translation>7 または 2d8+5</translation>
    </message>
    <message>
        <source>HP to regain or temporary HP to gain: a number, or dice the app rolls (2d8+5)</source>
        <translation>回復するHPか得る一時的ヒット・ポイント：数値、またはアプリがロールするダイス（2d8+5）</translation>
    </message>
    <message>
        <source>Heal</source>
        <extracomment>Where the heal and temp-HP dice come from: the app&apos;s one die source (`desktop.dice`).</extracomment>
        <translation>回復</translation>
    </message>
    <message>
        <source>Regain HP by the rules (never above max HP; wakes from 0 HP)</source>
        <translation>ルールどおりにHPを回復する（最大HPを超えない。HP0から目覚める）</translation>
    </message>
    <message>
        <source>Temp HP</source>
        <translation>一時的ヒット・ポイント</translation>
    </message>
    <message>
        <source>Gain temporary HP (they don&apos;t stack: the higher stays)</source>
        <translation>一時的ヒット・ポイントを得る（累積しない：高いほうが残る）</translation>
    </message>
    <message>
        <source>portrait file (optional)</source>
        <translation>肖像ファイル（任意）</translation>
    </message>
    <message>
        <source>End turn</source>
        <translation>ターン終了</translation>
    </message>
    <message>
        <source>Reset this token&apos;s movement for the turn (E)</source>
        <translation>このトークンのこのターンの移動をリセットする（E）</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>陣営</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>移動速度</translation>
    </message>
    <message>
        <source>Elevation</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>Reach</source>
        <translation>間合い</translation>
    </message>
    <message>
        <source>Base #</source>
        <translation>台座番号</translation>
    </message>
    <message>
        <source>AC</source>
        <translation>AC</translation>
    </message>
    <message>
        <source>HP</source>
        <translation>HP</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Portrait</source>
        <translation>肖像</translation>
    </message>
    <message>
        <source>This turn</source>
        <translation>このターン</translation>
    </message>
    <message>
        <source>Spells and abilities…</source>
        <translation>呪文と能力…</translation>
    </message>
    <message>
        <source>The creature&apos;s spell list: cast, heighten, uses left</source>
        <translation>クリーチャーの呪文リスト：発動、高レベル化、残り使用回数</translation>
    </message>
    <message>
        <source>Spells</source>
        <translation>呪文</translation>
    </message>
    <message>
        <source>{n} tokens selected:</source>
        <translation>{n}個のトークンを選択中：</translation>
    </message>
    <message>
        <source>Inspector — {n} tokens</source>
        <translation>インスペクター — トークン{n}個</translation>
    </message>
    <message>
        <source>Inspector — {label}</source>
        <translation>インスペクター — {label}</translation>
    </message>
    <message numerus="yes">
        <source>Spells and abilities… (%n)</source>
        <translation>
            <numerusform>呪文と能力…（%n）</numerusform>
        </translation>
    </message>
    <message>
        <source>No spells or abilities</source>
        <translation>呪文も能力もない</translation>
    </message>
    <message>
        <source>successes</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failures</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Amount: {problem}</source>
        <translation>量：{problem}</translation>
    </message>
    <message>
        <source>the temporary HP ({formula})</source>
        <translation>一時的ヒット・ポイント（{formula}）</translation>
    </message>
    <message>
        <source>the healing ({formula})</source>
        <translation>回復（{formula}）</translation>
    </message>
</context>
<context>
    <name>JoinEncounterDialog</name>
    <message>
        <source>Add to Encounter</source>
        <translation>遭遇に加える</translation>
    </message>
    <message>
        <source>Each creature rolls initiative and takes its place in the order; whoever&apos;s turn it is keeps it. Type a d20 rolled at the table, or leave “roll” for the app to roll it.</source>
        <translation>各クリーチャーはイニシアチブをロールして順番に加わる。現在のターンはそのまま。卓でロールしたd20を入力するか、“ロール”のままにしてアプリにロールさせる。</translation>
    </message>
    <message>
        <source>Creature</source>
        <translation>クリーチャー</translation>
    </message>
    <message>
        <source>Mod</source>
        <translation>修正値</translation>
    </message>
    <message>
        <source>d20</source>
        <translation>d20</translation>
    </message>
    <message>
        <source>Add {name} to the encounter</source>
        <translation>{name}を遭遇に加える</translation>
    </message>
    <message>
        <source>roll</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>The d20 {name} rolled at the table (“roll”: the app rolls it)</source>
        <translation>{name}が卓でロールしたd20（“ロール”：アプリがロールする）</translation>
    </message>
    <message>
        <source>Every creature on the map is already in the encounter.</source>
        <translation>マップ上の全クリーチャーが既に遭遇に加わっている。</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>initiative</source>
        <translation>イニシアチブ</translation>
    </message>
</context>
<context>
    <name>LightDialog</name>
    <message>
        <source> ft</source>
        <extracomment>The largest radius the dialog offers (feet).</extracomment>
        <translation> フィート</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>光源</translation>
    </message>
    <message>
        <source>Bright light out to this distance</source>
        <translation>この距離まで明るい光</translation>
    </message>
    <message>
        <source>Dim light from the bright radius out to this distance</source>
        <translation>明るい光の半径からこの距離まで薄暗い光</translation>
    </message>
    <message>
        <source>The light at ({x:g}, {y:g}) — a torch: bright 20 ft, dim 40 ft</source>
        <translation>({x:g}, {y:g})の光源 — 松明は明るい光20フィート、薄暗い光40フィート</translation>
    </message>
    <message>
        <source>Bright</source>
        <translation>明るい光</translation>
    </message>
    <message>
        <source>Dim (outer)</source>
        <translation>薄暗い光（外側）</translation>
    </message>
</context>
<context>
    <name>LightTool</name>
    <message>
        <source>Click to place a light (snaps to corners and centres) · click a light to remove it · Shift-click: set its radii · right-click: edit its radii · click a creature: it carries a light (again: puts it out)</source>
        <extracomment>How near (squares) a click must be to a light to pick it. The open light dialog (right-click on a light), if any.</extracomment>
        <translation>クリックで光源を置く（角と中心に吸着） · 光源をクリックで取り除く · Shiftクリック：半径を設定 · 右クリック：半径を編集 · クリーチャーをクリック：光源を持たせる（もう一度で消す）</translation>
    </message>
    <message>
        <source>Bright</source>
        <translation>明るい光</translation>
    </message>
    <message>
        <source>Dim</source>
        <translation>薄暗い光</translation>
    </message>
    <message>
        <source> ft</source>
        <translation> フィート</translation>
    </message>
    <message>
        <source>(a torch: bright 20 ft, dim 40 ft)</source>
        <translation>（松明：明るい光20フィート、薄暗い光40フィート）</translation>
    </message>
</context>
<context>
    <name>LogDock</name>
    <message>
        <source>Log</source>
        <translation>ログ</translation>
    </message>
    <message>
        <source>Rolls, moves and damage appear here.</source>
        <translation>ロール、移動、ダメージがここに表示される。</translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation>すべてコピー</translation>
    </message>
    <message>
        <source>Copy the whole log to the clipboard</source>
        <translation>ログ全体をクリップボードにコピーする</translation>
    </message>
    <message>
        <source>{n} entry</source>
        <translation>{n}件</translation>
    </message>
    <message>
        <source>{n} entries</source>
        <translation>{n}件</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Initiative</source>
        <extracomment>the panels&apos; layout is kept between sessions (not by a headless or test window unless asked)</extracomment>
        <translation>イニシアチブ</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>インスペクター</translation>
    </message>
    <message>
        <source>Areas</source>
        <translation>効果範囲</translation>
    </message>
    <message>
        <source>Player Screen</source>
        <translation>プレイヤー画面</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>卓</translation>
    </message>
    <message>
        <source>Compendium</source>
        <translation>資料集</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>ログ</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>ダイス</translation>
    </message>
    <message>
        <source>Scenes</source>
        <translation>シーン</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>新規(&amp;N)…</translation>
    </message>
    <message>
        <source>New scene: empty map or demo</source>
        <translation>新しいシーン：空のマップかデモ</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scene or a Universal VTT map</source>
        <translation>シーンかUniversal VTTのマップを開く</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scene</source>
        <translation>シーンを保存する</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>名前を付けて保存(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the scene under a new name</source>
        <translation>シーンを新しい名前で保存する</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直す(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>削除(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the selected tokens</source>
        <translation>選択したトークンを削除する</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>複製(&amp;U)</translation>
    </message>
    <message>
        <source>Duplicate the selected tokens</source>
        <translation>選択したトークンを複製する</translation>
    </message>
    <message>
        <source>Select &amp;All Tokens</source>
        <translation>すべてのトークンを選択(&amp;A)</translation>
    </message>
    <message>
        <source>Add &amp;Token…</source>
        <translation>トークンを追加(&amp;T)…</translation>
    </message>
    <message>
        <source>Add a token at the centre of the view</source>
        <translation>表示の中央にトークンを追加する</translation>
    </message>
    <message>
        <source>Scene &amp;Settings…</source>
        <translation>シーンの設定(&amp;S)…</translation>
    </message>
    <message>
        <source>System, diagonal rule, flanking, area method, ambient light</source>
        <translation>システム、斜め移動のルール、挟撃、効果範囲の方式、環境光</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>設定(&amp;T)…</translation>
    </message>
    <message>
        <source>App settings: centre the map on the active creature</source>
        <translation>アプリの設定：手番のクリーチャーを中央に表示、言語</translation>
    </message>
    <message>
        <source>&amp;End Turn of Selection</source>
        <translation>選択したトークンのターンを終える(&amp;E)</translation>
    </message>
    <message>
        <source>Reset the selected tokens&apos; movement this turn</source>
        <translation>選択したトークンのこのターンの移動をリセットする</translation>
    </message>
    <message>
        <source>New &amp;Round</source>
        <translation>新しいラウンド(&amp;R)</translation>
    </message>
    <message>
        <source>Everyone&apos;s movement resets</source>
        <translation>全員の移動がリセットされる</translation>
    </message>
    <message>
        <source>&amp;Check or Save…</source>
        <translation>判定またはセーヴ(&amp;C)…</translation>
    </message>
    <message>
        <source>A check or save, a group check, a contest or a passive value, with conditions applied</source>
        <translation>判定かセーヴ、集団判定、対抗判定、受動値（状態を適用）</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>拡大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit Map</source>
        <translation>マップ全体を表示(&amp;F)</translation>
    </message>
    <message>
        <source>Show the whole map</source>
        <translation>マップ全体を表示する</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>実寸(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Movement Overlay</source>
        <translation>移動範囲の表示(&amp;M)</translation>
    </message>
    <message>
        <source>Shade the squares the selected token can reach (by Stride or move/Dash)</source>
        <translation>選択したトークンが到達できるマスを塗る（“歩行”または移動／早足）</translation>
    </message>
    <message>
        <source>&amp;Grid</source>
        <translation>グリッド(&amp;G)</translation>
    </message>
    <message>
        <source>Show the 5-ft grid</source>
        <translation>5フィートのグリッドを表示する</translation>
    </message>
    <message>
        <source>&amp;Walls Outside the Map</source>
        <translation>マップ外の壁(&amp;W)</translation>
    </message>
    <message>
        <source>Draw the walls an imported map keeps beyond its edge (they always count for the rules)</source>
        <translation>読み込んだマップが端の外側に持つ壁を描く（ルール上は常に有効）</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>キーボード・ショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About FiveFoot</source>
        <translation>FiveFootについて(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近使ったファイル(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>Reset Panel Layout</source>
        <translation>パネルの配置をリセット</translation>
    </message>
    <message>
        <source>Put the side panels back where they start: the map first</source>
        <translation>サイド・パネルを最初の配置に戻す：マップ優先</translation>
    </message>
    <message>
        <source>&amp;Map</source>
        <translation>マップ(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>ツール(&amp;T)</translation>
    </message>
    <message>
        <source>E&amp;ncounter</source>
        <translation>遭遇(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>メイン</translation>
    </message>
    <message>
        <source>Tool options</source>
        <translation>ツールのオプション</translation>
    </message>
    <message>
        <source>The square under the mouse (one square is 5 feet)</source>
        <translation>マウスの下のマス（1マスは5フィート）</translation>
    </message>
    <message>
        <source>Zoom (Ctrl+wheel or Ctrl +/−; Ctrl+0 fits the map)</source>
        <translation>ズーム（Ctrl+ホイールかCtrl +/−。Ctrl+0でマップ全体）</translation>
    </message>
    <message>
        <source>Initiative is running: Next Turn (N) moves through the round</source>
        <translation>イニシアチブ進行中：「次のターン」（N）でラウンドを進める</translation>
    </message>
    <message>
        <source>No free square near there for the new token</source>
        <translation>その近くに新しいトークンを置ける空きマスがない</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボード・ショートカット</translation>
    </message>
    <message>
        <source>The bundled D&amp;D 5e spells and creatures:</source>
        <translation>同梱のD&amp;D 5eの呪文とクリーチャー：</translation>
    </message>
    <message>
        <source>About FiveFoot</source>
        <translation>FiveFootについて</translation>
    </message>
    <message>
        <source>&lt;b&gt;FiveFoot&lt;/b&gt; — a battle map for Pathfinder 2e and D&amp;D 5e that counts the squares for you.</source>
        <translation>&lt;b&gt;FiveFoot&lt;/b&gt; — マス目を数えてくれる、Pathfinder 2eとD&amp;D 5eのためのバトルマップ。</translation>
    </message>
    <message>
        <source>{system} · Round {round}</source>
        <translation>{system} · ラウンド{round}</translation>
    </message>
    <message>
        <source>No initiative: movement resets with End Turn (E) or New Round</source>
        <translation>イニシアチブなし：移動は「ターンを終える」（E）か「新しいラウンド」でリセット</translation>
    </message>
    <message>
        <source>{system} · Round {round} · {name}</source>
        <translation>{system} · ラウンド{round} · {name}</translation>
    </message>
    <message>
        <source>Initiative is running (see the Initiative dock)</source>
        <translation>イニシアチブ進行中（イニシアチブ・パネルを参照）</translation>
    </message>
    <message>
        <source>Square [{x}, {y}]</source>
        <translation>マス[{x}, {y}]</translation>
    </message>
    <message>
        <source>DC {dc}</source>
        <translation>DC{dc}</translation>
    </message>
    <message>
        <source>Zoom {percent:.0f}%</source>
        <translation>ズーム {percent:.0f}%</translation>
    </message>
    <message>
        <source>Panels back to the map-first layout</source>
        <translation>パネルをマップ優先の配置に戻した</translation>
    </message>
</context>
<context>
    <name>MapPictures</name>
    <message>
        <source>Import Map &amp;Image…</source>
        <extracomment>What the decoder complained about (a cut-short JPEG still decodes, grey at the bottom). A message for the status bar.</extracomment>
        <translation>マップ画像を読み込む(&amp;I)…</translation>
    </message>
    <message>
        <source>Put a picture (PNG, JPEG, WebP) under the grid; it is saved inside .fivefoot files</source>
        <translation>グリッドの下に画像（PNG、JPEG、WebP）を置く。.fivefootファイルの中に保存される</translation>
    </message>
    <message>
        <source>&amp;Calibrate Grid…</source>
        <translation>グリッドを調整(&amp;C)…</translation>
    </message>
    <message>
        <source>Type the size of a square on the picture and where the grid starts, with a live preview</source>
        <translation>画像上の1マスの大きさとグリッドの開始位置をプレビューを見ながら入力する</translation>
    </message>
    <message>
        <source>&amp;Fit Grid to Picture</source>
        <translation>グリッドを画像に合わせる(&amp;F)</translation>
    </message>
    <message>
        <source>Resize the grid to the squares the picture covers</source>
        <translation>画像が覆うマス目にグリッドの大きさを合わせる</translation>
    </message>
    <message>
        <source>&amp;Remove Map Picture</source>
        <translation>マップ画像を取り除く(&amp;R)</translation>
    </message>
    <message>
        <source>Take the picture away (the grid stays)</source>
        <translation>画像を取り除く（グリッドは残る）</translation>
    </message>
    <message>
        <source>No map picture to calibrate: File ▸ Import Map Image… first</source>
        <translation>調整するマップ画像がない：先に ファイル ▸ マップ画像を読み込む…</translation>
    </message>
    <message>
        <source>The grid already fits the picture</source>
        <translation>グリッドは既に画像に合っている</translation>
    </message>
    <message>
        <source>Map picture removed (Undo brings it back)</source>
        <translation>マップ画像を取り除いた（元に戻すで復活する）</translation>
    </message>
    <message>
        <source>Opened {name}; FiveFoot opens one dropped file at a time</source>
        <translation>{name}を開いた。FiveFootはドロップしたファイルを一度に1つだけ開く</translation>
    </message>
    <message>
        <source>Import map picture</source>
        <translation>マップ画像を読み込む</translation>
    </message>
</context>
<context>
    <name>MapView</name>
    <message>
        <source>Movement overlay: where the selected creature can get with each move</source>
        <extracomment>The grid cell under the mouse (None when outside the grid). The zoom factor (1.0 = one scene unit per pixel). A message for the status bar (an illegal drop, a hint). A tool asks for the quick &quot;add token&quot; form at a cell. A tool asks to edit a token in the inspector. A tool asks for the attack dialog: (attacker id, target id or None). Add these creatures to the running encounter (the token menu&apos;s Add to Encounter…). Take these creatures out of the running encounter (the token menu&apos;s Remove from Encounter). Local files were dropped on the map (a list of `Path`). The token menu&apos;s rule entries, set by the window (`desktop.map.tools.base.TokenMenus`). False in tests: menus are built (and kept in `last_context_menu`) but not popped up. What the movement overlay&apos;s colours mean, in the view&apos;s bottom-left corner while it shows.</extracomment>
        <translation>移動オーバーレイ：選択したクリーチャーが各移動で行ける場所</translation>
    </message>
</context>
<context>
    <name>MoveDrag</name>
    <message>
        <source>Step or Stride?</source>
        <translation>“ステップ”か“歩行”か？</translation>
    </message>
    <message>
        <source>Move {token_label} one square as a Step?</source>
        <translation>{token_label}を“ステップ”で1マス動かす？</translation>
    </message>
    <message>
        <source>A Stride here lets {reactions} react; a Step triggers no Reactive Strike.</source>
        <translation>ここで“歩行”すると{reactions}がリアクションできる。“ステップ”なら反応打撃を誘発しない。</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Stride</source>
        <translation>歩行</translation>
    </message>
    <message>
        <source>Free move</source>
        <extracomment>The riders of a dragged mount move with it (`rules.play.mounts`): their items follow the preview.</extracomment>
        <translation>自由移動</translation>
    </message>
    <message>
        <source>GM: no rules, nothing spent</source>
        <translation>GM：ルールなし、何も消費しない</translation>
    </message>
    <message>
        <source>Balance DC {dc}</source>
        <translation>平衡感覚DC{dc}</translation>
    </message>
    <message>
        <source>Balance DC {dc}: an Acrobatics check on the narrow surface or uneven ground</source>
        <translation>平衡感覚DC{dc}：狭い足場またはでこぼこの地面で〈軽業〉判定</translation>
    </message>
    <message>
        <source>Sneak</source>
        <translation>忍び歩き</translation>
    </message>
    <message>
        <source>Balance (Acrobatics)</source>
        <translation>平衡感覚（〈軽業〉）</translation>
    </message>
    <message>
        <source>Careful: {warnings}</source>
        <translation>注意：{warnings}</translation>
    </message>
    <message>
        <source>Can&apos;t move {name} there: {why}</source>
        <translation>{name}はそこへ移動できない：{why}</translation>
    </message>
    <message>
        <source>a creature</source>
        <translation>クリーチャー</translation>
    </message>
    <message>
        <source>Move cancelled</source>
        <translation>移動を取り消した</translation>
    </message>
    <message>
        <source>{feet} ft</source>
        <translation>{feet}フィート</translation>
    </message>
    <message>
        <source>can&apos;t move there</source>
        <translation>そこへは移動できない</translation>
    </message>
</context>
<context>
    <name>NewSceneDialog</name>
    <message>
        <source>New scene</source>
        <extracomment>Each system&apos;s title for pickers, by name.</extracomment>
        <translation>新しいシーン</translation>
    </message>
    <message>
        <source>Empty map</source>
        <translation>空のマップ</translation>
    </message>
    <message>
        <source>Demo encounter</source>
        <translation>デモの遭遇</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>無題</translation>
    </message>
    <message>
        <source> squares</source>
        <translation> マス</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>幅</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高さ</translation>
    </message>
    <message>
        <source>Encounter</source>
        <translation>遭遇</translation>
    </message>
</context>
<context>
    <name>PlayerPanel</name>
    <message>
        <source>Open</source>
        <extracomment>The TV&apos;s steering changed (relayed, so the buttons follow it while this panel exists).</extracomment>
        <translation>開く</translation>
    </message>
    <message>
        <source>Full Screen</source>
        <translation>全画面</translation>
    </message>
    <message>
        <source>Screen</source>
        <translation>画面</translation>
    </message>
    <message>
        <source>View</source>
        <translation>表示</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>My View</source>
        <translation>自分の表示</translation>
    </message>
    <message>
        <source>Active Creature</source>
        <translation>手番のクリーチャー</translation>
    </message>
    <message>
        <source>Push My View</source>
        <translation>自分の表示を送る</translation>
    </message>
    <message>
        <source>Known Map</source>
        <translation>既知のマップ</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>表示</translation>
    </message>
    <message>
        <source>Curtain</source>
        <translation>カーテン</translation>
    </message>
    <message>
        <source>Only an Area…</source>
        <translation>一部だけ…</translation>
    </message>
    <message>
        <source>Everything</source>
        <translation>すべて</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>回転</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>縮尺</translation>
    </message>
    <message>
        <source>True Scale</source>
        <translation>実寸</translation>
    </message>
    <message>
        <source>Calibrate…</source>
        <translation>調整…</translation>
    </message>
    <message>
        <source>Touch</source>
        <translation>タッチ</translation>
    </message>
</context>
<context>
    <name>PlayerRollLog</name>
    <message>
        <source>{who}: {expression} = {total}</source>
        <extracomment>How many rolls the Player Screen shows.</extracomment>
        <translation>{who}：{expression} = {total}</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>失敗</translation>
    </message>
</context>
<context>
    <name>PlayerScene</name>
    <message>
        <source>Unhurt</source>
        <extracomment>A spell&apos;s template on the Player Screen (aimed: dashed; cast: solid). Above the areas and the fog (the party knows the square even in the dark), under the tokens. The curtain: a neutral screen with nothing of the map on it.</extracomment>
        <translation>無傷</translation>
    </message>
    <message>
        <source>Hurt</source>
        <translation>負傷</translation>
    </message>
    <message>
        <source>Bloodied</source>
        <translation>重傷</translation>
    </message>
    <message>
        <source>Near death</source>
        <translation>瀕死寸前</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>倒れた</translation>
    </message>
</context>
<context>
    <name>PlayerWindow</name>
    <message>
        <source>{name} #{n}</source>
        <extracomment>The calibration ruler shown on the TV, or None.</extracomment>
        <translation>{name} #{n}</translation>
    </message>
    <message>
        <source>FiveFoot — Player Screen</source>
        <extracomment>Full screen was entered or left (Escape on the TV leaves it). The window was shown or hidden (closed).</extracomment>
        <translation>FiveFoot — プレイヤー画面</translation>
    </message>
    <message>
        <source>Round {n}</source>
        <translation>ラウンド{n}</translation>
    </message>
</context>
<context>
    <name>SaveDialog</name>
    <message>
        <source>Saves against {title}</source>
        <translation>{title}へのセーヴ</translation>
    </message>
    <message>
        <source>DC </source>
        <translation>DC </translation>
    </message>
    <message>
        <source>damage, e.g. 6d6 fire</source>
        <translation>ダメージ（例：6d6 fire）</translation>
    </message>
    <message>
        <source>Roll all saves</source>
        <translation>全員のセーヴをロール</translation>
    </message>
    <message>
        <source>Roll every creature&apos;s d20 with the app&apos;s dice (or type each d20 in its row)</source>
        <translation>全クリーチャーのd20をアプリのダイスでロールする（または各行にd20を入力する）</translation>
    </message>
    <message>
        <source>A creature that has rolled and has {counter} to spend</source>
        <translation>ロール済みで、使える{counter}を持つクリーチャー</translation>
    </message>
    <message>
        <source>Reroll this creature&apos;s save; the new roll is kept (logged, undoable)</source>
        <translation>このクリーチャーのセーヴを振り直す。新しいロールを採用する（ログに残り、元に戻せる）</translation>
    </message>
    <message>
        <source>the damage of {area}</source>
        <translation>{area}のダメージ</translation>
    </message>
    <message>
        <source>Apply damage</source>
        <translation>ダメージを適用</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>セーヴ</translation>
    </message>
    <message>
        <source>Creature</source>
        <extracomment>The table&apos;s columns (English, marked for the &quot;SaveDialog&quot; context; the dialog shows them translated).</extracomment>
        <translation>クリーチャー</translation>
    </message>
    <message>
        <source>Cover</source>
        <translation>遮蔽</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>ダメージ</translation>
    </message>
    <message>
        <source>HP after</source>
        <translation>適用後のHP</translation>
    </message>
    <message>
        <source>&lt;b&gt;{title}&lt;/b&gt;: 1 creature inside.</source>
        <translation>&lt;b&gt;{title}&lt;/b&gt;：範囲内のクリーチャー1体。</translation>
    </message>
    <message>
        <source>&lt;b&gt;{title}&lt;/b&gt;: {n} creatures inside.</source>
        <translation>&lt;b&gt;{title}&lt;/b&gt;：範囲内のクリーチャー{n}体。</translation>
    </message>
    <message>
        <source>The d20 this creature rolled (— until rolled)</source>
        <translation>このクリーチャーがロールしたd20（ロールするまでは —）</translation>
    </message>
    <message>
        <source>{save} modifier from the token</source>
        <translation>トークンの{save}修正値</translation>
    </message>
    <message>
        <source>{who} lists no {save} modifier: type it</source>
        <translation>{who}には{save}修正値がない：入力する</translation>
    </message>
    <message>
        <source>the {save} save against {area}</source>
        <translation>{area}への{save}セーヴ</translation>
    </message>
    <message>
        <source>No creature is inside the area.</source>
        <translation>効果範囲内にクリーチャーはいない。</translation>
    </message>
    <message>
        <source>{missing} of {n} saves still to roll.</source>
        <translation>セーヴ{n}回のうち{missing}回がまだロールされていない。</translation>
    </message>
    <message>
        <source>All saves rolled. Roll the damage (or type it in) to apply it.</source>
        <translation>全員のセーヴをロールした。ダメージをロール（または入力）して適用する。</translation>
    </message>
    <message>
        <source>Ready: apply the damage to every creature.</source>
        <translation>準備完了：全クリーチャーにダメージを適用する。</translation>
    </message>
    <message>
        <source>Applied. See the log for every save and the damage each creature took.</source>
        <translation>適用した。各セーヴと各クリーチャーが受けたダメージはログを参照。</translation>
    </message>
</context>
<context>
    <name>SceneSettingsDialog</name>
    <message>
        <source>Scene settings</source>
        <translation>シーンの設定</translation>
    </message>
    <message>
        <source>Use the optional flanking rule (advantage)</source>
        <translation>選択ルールの挟撃を使う（有利）</translation>
    </message>
    <message>
        <source>The light everywhere no light source reaches</source>
        <translation>光源が届かない場所の明るさ</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>Diagonals</source>
        <translation>斜め移動</translation>
    </message>
    <message>
        <source>Flanking</source>
        <translation>挟撃</translation>
    </message>
    <message>
        <source>Areas</source>
        <translation>効果範囲</translation>
    </message>
    <message>
        <source>Ambient light</source>
        <translation>環境光</translation>
    </message>
</context>
<context>
    <name>ScenesDock</name>
    <message>
        <source>Scenes</source>
        <extracomment>Opens a map for a new scene: (title, scene, pictures) or None when the GM cancels.</extracomment>
        <translation>シーン</translation>
    </message>
    <message>
        <source>New scene…</source>
        <extracomment>Asks for a title (tests replace it): (question, suggestion) → the title or None.</extracomment>
        <translation>新しいシーン…</translation>
    </message>
    <message>
        <source>Add a blank map to the campaign, with the same party and bestiary</source>
        <translation>同じ一行とモンスター一覧で、空のマップをキャンペーンに追加する</translation>
    </message>
    <message>
        <source>Add map…</source>
        <translation>マップを追加…</translation>
    </message>
    <message>
        <source>Add a map file to the campaign as a new scene</source>
        <translation>マップ・ファイルを新しいシーンとしてキャンペーンに追加する</translation>
    </message>
    <message>
        <source>Prepare</source>
        <translation>準備</translation>
    </message>
    <message>
        <source>Work on the chosen scene; the players keep seeing theirs until you present it</source>
        <translation>選んだシーンを編集する。見せるまでプレイヤーには今のシーンが見え続ける</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>見せる</translation>
    </message>
    <message>
        <source>Show the chosen scene to the players: the party arrives at its entrance</source>
        <translation>選んだシーンをプレイヤーに見せる：一行はその入口に到着する</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>取り除く</translation>
    </message>
    <message>
        <source>Remove the chosen scene from the campaign</source>
        <translation>選んだシーンをキャンペーンから取り除く</translation>
    </message>
    <message>
        <source>Right-click a square of the map to mark the party&apos;s entrance.</source>
        <translation>マップのマスを右クリックして一行の入口を示す。</translation>
    </message>
    <message>
        <source>GM</source>
        <translation>GM</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Preparing: {title}</source>
        <translation>準備中：{title}</translation>
    </message>
    <message>
        <source>GM and players: {title}</source>
        <translation>GMとプレイヤー：{title}</translation>
    </message>
    <message>
        <source>The players see: {title}</source>
        <translation>プレイヤーに見えている：{title}</translation>
    </message>
    <message>
        <source>Scene</source>
        <translation>シーン</translation>
    </message>
    <message>
        <source>Title of the new scene:</source>
        <translation>新しいシーンの題名：</translation>
    </message>
    <message>
        <source>Scene {n}</source>
        <translation>シーン{n}</translation>
    </message>
</context>
<context>
    <name>SelectTool</name>
    <message>
        <source>Drag a token to move it · Shift-click: waypoint · Alt: free move · Ctrl: Step · Esc: cancel · Click a door to open/close · Right-click for more</source>
        <extracomment>the token whose next drag is a PF2e Sneak (armed from the Actions menu)</extracomment>
        <translation>トークンをドラッグして移動 · Shiftクリック：経由点 · Alt：自由移動 · Ctrl：ステップ · Esc：中止 · 扉をクリックで開閉 · 右クリックでその他</translation>
    </message>
    <message>
        <source>Change wall kind</source>
        <translation>壁の種類を変える</translation>
    </message>
    <message>
        <source>Base Number…</source>
        <translation>台座の番号…</translation>
    </message>
    <message>
        <source>Clear Base Number</source>
        <translation>台座の番号を消す</translation>
    </message>
    <message>
        <source>Number Bases 1–{n}</source>
        <translation>台座に1～{n}の番号を付ける</translation>
    </message>
    <message>
        <source>Base Number</source>
        <translation>台座の番号</translation>
    </message>
    <message>
        <source>The number on {name}&apos;s miniature:</source>
        <translation>{name}のミニチュアの番号：</translation>
    </message>
    <message>
        <source>Add {who} to Encounter…</source>
        <translation>{who}を遭遇に加える…</translation>
    </message>
    <message>
        <source>Remove {who} from Encounter</source>
        <translation>{who}を遭遇から外す</translation>
    </message>
    <message>
        <source>Remove {cell} from the party&apos;s entrance</source>
        <translation>{cell}を一行の入口から外す</translation>
    </message>
    <message>
        <source>Mark {cell} as the party&apos;s entrance</source>
        <translation>{cell}を一行の入口にする</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Bring the creature whose turn it is into view</source>
        <translation>ターンが来たクリーチャーを表示範囲に入れる</translation>
    </message>
    <message>
        <source>When a turn begins and the active creature is off screen, centre the map on it (a creature already in view leaves the map where it is)</source>
        <translation>ターンが始まり、手番のクリーチャーが画面外にいるなら、マップをその位置に合わせる（既に見えているならマップは動かさない）</translation>
    </message>
    <message>
        <source>Offer Step for single 5-ft moves</source>
        <translation>5フィートだけの移動で“ステップ”を提案する</translation>
    </message>
    <message>
        <source>PF2e: when a creature dragged one square could trigger a Reactive Strike, ask whether it Steps (no reaction) or Strides. Hold Ctrl while dragging to Step without being asked.</source>
        <translation>PF2e：1マスだけドラッグしたクリーチャーが“反応打撃”を誘発しうるとき、“ステップ”（リアクションなし）か“歩行”かを尋ねる。ドラッグ中にCtrlを押すと尋ねずに“ステップ”する。</translation>
    </message>
    <message>
        <source>The initiative list always scrolls to the active creature.</source>
        <translation>イニシアチブのリストは常に手番のクリーチャーまでスクロールする。</translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation>システム（{language}）</translation>
    </message>
    <message>
        <source>Same as the app</source>
        <translation>アプリと同じ</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>言語：</translation>
    </message>
    <message>
        <source>Player Screen language:</source>
        <translation>プレイヤー画面の言語：</translation>
    </message>
    <message>
        <source>A new language applies when FiveFoot starts again.</source>
        <translation>新しい言語はFiveFootを再起動すると適用される。</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Drag a token</source>
        <translation>トークンをドラッグ</translation>
    </message>
    <message>
        <source>move it by the rules (best path, cost, Strides / Dash)</source>
        <translation>ルール通りに動かす（最適経路、コスト、“歩行”／早足）</translation>
    </message>
    <message>
        <source>Shift-click while dragging</source>
        <translation>ドラッグ中にShift+クリック</translation>
    </message>
    <message>
        <source>add a waypoint</source>
        <translation>経由点を追加</translation>
    </message>
    <message>
        <source>Alt while dragging</source>
        <translation>ドラッグ中にAlt</translation>
    </message>
    <message>
        <source>GM free move (no rules)</source>
        <translation>GMの自由移動（ルールなし）</translation>
    </message>
    <message>
        <source>Ctrl while dragging</source>
        <translation>ドラッグ中にCtrl</translation>
    </message>
    <message>
        <source>PF2e: Step instead of Stride</source>
        <translation>PF2e：“歩行”の代わりに“ステップ”</translation>
    </message>
    <message>
        <source>Esc / right click</source>
        <translation>Esc／右クリック</translation>
    </message>
    <message>
        <source>cancel the move or the gesture</source>
        <translation>移動や操作を取り消す</translation>
    </message>
    <message>
        <source>Right-click a token</source>
        <translation>トークンを右クリック</translation>
    </message>
    <message>
        <source>its menu: attack, actions, add to or remove from the encounter</source>
        <translation>そのメニュー：攻撃、アクション、遭遇への追加と除外</translation>
    </message>
    <message>
        <source>Shift / [ ] while aiming an area</source>
        <translation>効果範囲を向けている間に Shift／[ ]</translation>
    </message>
    <message>
        <source>45° steps · smaller / larger</source>
        <translation>45°刻み · 小さく／大きく</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>ホイール</translation>
    </message>
    <message>
        <source>zoom</source>
        <translation>ズーム</translation>
    </message>
    <message>
        <source>Middle drag, Space+drag, arrows</source>
        <translation>中ボタンでドラッグ、Space+ドラッグ、矢印キー</translation>
    </message>
    <message>
        <source>pan</source>
        <translation>スクロール</translation>
    </message>
</context>
<context>
    <name>SidePicker</name>
    <message>
        <source>Tokens on the same side are allies; different sides are hostile</source>
        <translation>同じ陣営のトークンは味方、異なる陣営は敵対</translation>
    </message>
    <message>
        <source>New side…</source>
        <extracomment>Asks for a new side&apos;s name (a modal box; tests replace it). None: cancelled.</extracomment>
        <translation>新しい陣営…</translation>
    </message>
    <message>
        <source>New side</source>
        <translation>新しい陣営</translation>
    </message>
    <message>
        <source>Name of the side (e.g. “allies”):</source>
        <translation>陣営の名前（例：“味方”）：</translation>
    </message>
</context>
<context>
    <name>SkillActions</name>
    <message>
        <source>DC {dc}</source>
        <translation>DC {dc}</translation>
    </message>
    <message>
        <source>{actor}: {what} ({dc})</source>
        <translation>{actor}：{what}（{dc}）</translation>
    </message>
    <message>
        <source>d20</source>
        <translation>d20</translation>
    </message>
    <message>
        <source>Skill actions</source>
        <translation>技能アクション</translation>
    </message>
    <message>
        <source>{n} minutes</source>
        <translation>{n}分</translation>
    </message>
    <message>
        <source>{label} ({cost})</source>
        <translation>{label}（{cost}）</translation>
    </message>
    <message>
        <source>(no creature in range)</source>
        <translation>（射程内にクリーチャーがいない）</translation>
    </message>
    <message>
        <source>DC {dc} ({words})</source>
        <translation>DC {dc}（{words}）</translation>
    </message>
    <message>
        <source>Dismount ({cost})</source>
        <translation>下馬（{cost}）</translation>
    </message>
    <message>
        <source>no free square beside the mount</source>
        <translation>乗騎の隣に空いたマスがない</translation>
    </message>
    <message>
        <source>Mount ({cost})</source>
        <translation>騎乗（{cost}）</translation>
    </message>
</context>
<context>
    <name>SpellCasting</name>
    <message>
        <source>Cast {spell}</source>
        <extracomment>The GM window (`desktop.window.main_window.MainWindow`), named by its role: importing it here would make an import cycle (the window installs this feature). The last concentration save asked for (its dialog).</extracomment>
        <translation>{spell}を発動</translation>
    </message>
    <message>
        <source>{who}: keep concentrating on {spell}? (DC {dc})</source>
        <translation>{who}：{spell}への精神集中を保つか？（DC {dc}）</translation>
    </message>
    <message>
        <source>Constitution save d20</source>
        <translation>【耐久力】セーヴのd20</translation>
    </message>
</context>
<context>
    <name>SpellCompendium</name>
    <message>
        <source>Search spells: name or words of the text</source>
        <extracomment>Give this spell to the selected creatures.</extracomment>
        <translation>呪文を検索：名前か本文の語</translation>
    </message>
    <message>
        <source>Tradition (PF2e) or class (5e)</source>
        <translation>伝統（PF2e）またはクラス（5e）</translation>
    </message>
    <message>
        <source>Spell</source>
        <translation>呪文</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>レベル</translation>
    </message>
    <message>
        <source>Give to selected creatures</source>
        <translation>選択したクリーチャーに与える</translation>
    </message>
    <message>
        <source>Level / rank</source>
        <translation>レベル／ランク</translation>
    </message>
    <message>
        <source>Any tradition or class</source>
        <translation>すべての伝統とクラス</translation>
    </message>
    <message>
        <source>{n} of {total} spells</source>
        <translation>{total}件中{n}件の呪文</translation>
    </message>
</context>
<context>
    <name>SpellListDialog</name>
    <message>
        <source>Search spells and abilities</source>
        <extracomment>Aim this spell: (caster id, `Spell`, level or None).</extracomment>
        <translation>呪文と能力を検索</translation>
    </message>
    <message>
        <source>Spell</source>
        <translation>呪文</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>レベル</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>コスト</translation>
    </message>
    <message>
        <source>Uses left</source>
        <translation>残り使用回数</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>The level (rank) to cast it at: higher levels heighten it</source>
        <translation>発動するレベル（ランク）：高いほど高レベル化する</translation>
    </message>
    <message>
        <source>Cast…</source>
        <translation>発動…</translation>
    </message>
    <message>
        <source>Rest: restore uses</source>
        <translation>休息：使用回数を回復</translation>
    </message>
    <message>
        <source>A rest or daily preparations: every slot and use comes back</source>
        <translation>休息または日毎の準備：すべてのスロットと使用回数が戻る</translation>
    </message>
    <message>
        <source>roll</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>d6 </source>
        <translation>d6 </translation>
    </message>
    <message>
        <source>The d6 rolled at the table (roll: the app&apos;s dice)</source>
        <translation>卓でロールしたd6（ロール：アプリのダイス）</translation>
    </message>
    <message>
        <source>Roll recharge</source>
        <translation>リチャージをロール</translation>
    </message>
    <message>
        <source>A spent Recharge ability is back on its number or higher</source>
        <translation>使用済みのリチャージ能力は、その数字以上の出目で戻る</translation>
    </message>
    <message>
        <source>Left</source>
        <extracomment>Slots (and Focus Points) left, by hand: one spin box per tracked level.</extracomment>
        <translation>残り</translation>
    </message>
    <message>
        <source>End spell</source>
        <translation>呪文を終える</translation>
    </message>
    <message>
        <source>Sustain</source>
        <translation>維持</translation>
    </message>
    <message>
        <source>Cast at</source>
        <translation>発動レベル</translation>
    </message>
    <message>
        <source>Kept up</source>
        <translation>維持中</translation>
    </message>
    <message>
        <source>Spells</source>
        <translation>呪文</translation>
    </message>
    <message>
        <source>{who}&apos;s spells and abilities</source>
        <translation>{who}の呪文と能力</translation>
    </message>
    <message>
        <source>This creature has no spells or abilities (add them in the creature editor).</source>
        <translation>このクリーチャーには呪文も能力もない（クリーチャー・エディターで追加する）。</translation>
    </message>
    <message>
        <source>rank {n}: </source>
        <translation>{n}ランク：</translation>
    </message>
    <message>
        <source>level {n}: </source>
        <translation>{n}レベル：</translation>
    </message>
    <message>
        <source>Spell slots of this level left</source>
        <translation>このレベルの残り呪文スロット</translation>
    </message>
    <message>
        <source>Focus Points: </source>
        <translation>フォーカス・ポイント：</translation>
    </message>
    <message>
        <source>(can&apos;t now)</source>
        <translation>（今は不可）</translation>
    </message>
    <message>
        <source>Kept as text ({why}): apply what it does by hand.</source>
        <translation>本文のまま保持（{why}）：効果は手で適用する。</translation>
    </message>
    <message>
        <source>the recharge</source>
        <translation>リチャージ</translation>
    </message>
</context>
<context>
    <name>TableFeatures</name>
    <message>
        <source>&amp;Attack…</source>
        <translation>攻撃(&amp;A)…</translation>
    </message>
    <message>
        <source>Attack: the selected creature against the one under the mouse — every modifier, roll, damage</source>
        <translation>攻撃：選択したクリーチャーがマウスの下のクリーチャーを攻撃する — 全修正値、ロール、ダメージ</translation>
    </message>
    <message>
        <source>Show &amp;Reach</source>
        <translation>間合いを表示(&amp;R)</translation>
    </message>
    <message>
        <source>Shade the selected creature&apos;s reach</source>
        <translation>選択したクリーチャーの間合いを塗る</translation>
    </message>
    <message>
        <source>Show Enemy &amp;Threat</source>
        <translation>敵の脅威範囲を表示(&amp;T)</translation>
    </message>
    <message>
        <source>Shade every square an enemy threatens with a melee attack</source>
        <translation>敵が近接攻撃で脅かす全マスを塗る</translation>
    </message>
    <message>
        <source>&amp;Cover &amp;&amp; Flanking Lines</source>
        <translation>遮蔽と挟撃の線(&amp;C)</translation>
    </message>
    <message>
        <source>With a creature selected, hover another: cover lines, cover degree and flanking</source>
        <translation>クリーチャーを選択して別のクリーチャーにマウスを重ねる：遮蔽の線、遮蔽の段階、挟撃</translation>
    </message>
    <message>
        <source>Roll &amp;Initiative</source>
        <translation>イニシアチブをロール(&amp;I)</translation>
    </message>
    <message>
        <source>Roll initiative for everyone (typed d20s in the Initiative dock count) and start round 1</source>
        <translation>全員のイニシアチブをロールし（イニシアチブ・パネルで入力したd20を使う）、ラウンド1を始める</translation>
    </message>
    <message>
        <source>&amp;Next Turn</source>
        <translation>次のターン(&amp;N)</translation>
    </message>
    <message>
        <source>End this turn and start the next (movement, diagonals, MAP and reaction reset)</source>
        <translation>このターンを終えて次を始める（移動、斜め移動、複数回攻撃ペナルティ、リアクションをリセット）</translation>
    </message>
    <message>
        <source>&amp;Previous Turn</source>
        <translation>前のターン(&amp;P)</translation>
    </message>
    <message>
        <source>Back one turn (a correction)</source>
        <translation>1ターン戻す（修正）</translation>
    </message>
    <message>
        <source>&amp;End Encounter</source>
        <translation>遭遇を終える(&amp;E)</translation>
    </message>
    <message>
        <source>Drop the initiative order</source>
        <translation>イニシアチブ順を破棄する</translation>
    </message>
    <message>
        <source>Add to Encounter…</source>
        <translation>遭遇に加える…</translation>
    </message>
    <message>
        <source>Creatures on the map join the running encounter: they roll initiative (or type it)</source>
        <translation>マップ上のクリーチャーが進行中の遭遇に加わる：イニシアチブをロールする（または入力する）</translation>
    </message>
    <message>
        <source>Remove from Encounter</source>
        <translation>遭遇から外す</translation>
    </message>
    <message>
        <source>The selected creatures leave the initiative order (they stay on the map)</source>
        <translation>選択したクリーチャーがイニシアチブ順から外れる（マップには残る）</translation>
    </message>
    <message>
        <source>Roll &amp;Saves for Area…</source>
        <translation>効果範囲のセーヴをロール(&amp;S)…</translation>
    </message>
    <message>
        <source>Every creature in the selected area rolls its save; damage goes through the rules</source>
        <translation>選択した効果範囲内の全クリーチャーがセーヴをロールする。ダメージはルール通りに処理される</translation>
    </message>
    <message>
        <source>&amp;Invite Players…</source>
        <translation>プレイヤーを招待(&amp;I)…</translation>
    </message>
    <message>
        <source>Let players join from their phones and laptops</source>
        <translation>プレイヤーがスマートフォンやノートPCから参加できるようにする</translation>
    </message>
    <message>
        <source>&amp;Close Table</source>
        <translation>卓を閉じる(&amp;C)</translation>
    </message>
    <message>
        <source>Table &amp;Panel</source>
        <translation>卓パネル(&amp;P)</translation>
    </message>
    <message>
        <source>T&amp;able</source>
        <translation>卓(&amp;A)</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>卓</translation>
    </message>
    <message>
        <source>The table can&apos;t open: {why}</source>
        <translation>卓を開けない：{why}</translation>
    </message>
    <message>
        <source>The table didn&apos;t open again: {why}</source>
        <translation>卓を再び開けなかった：{why}</translation>
    </message>
    <message>
        <source>{name} pings [{x}, {y}]</source>
        <translation>{name}が[{x}, {y}]を指し示した</translation>
    </message>
</context>
<context>
    <name>TableHost</name>
    <message>
        <source>GM: {text}</source>
        <extracomment>The table&apos;s config or its connections changed (config, {player id: open connections}). A player pinged a square (name, x, y). The moves waiting for the GM changed. Something the GM should read in the status bar. The spell area the GM is aiming or has just cast (the players see it, `set_template`). Portraits loaded for the players&apos; devices, by picture name (None: it can&apos;t be read).</extracomment>
        <translation>GM：{text}</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>The GM approved your move</source>
        <translation>GMが移動を承認した</translation>
    </message>
    <message>
        <source>The GM refused the move</source>
        <translation>GMが移動を却下した</translation>
    </message>
    <message>
        <source>The GM is preparing another scene: wait until it is presented</source>
        <translation>GMは別のシーンを準備中：見せられるまで待つ</translation>
    </message>
    <message>
        <source>A move needs the squares it goes through</source>
        <translation>移動には通過するマスが必要</translation>
    </message>
    <message>
        <source>{name} wants to move to [{x}, {y}]</source>
        <translation>{name}が[{x}, {y}]への移動を求めている</translation>
    </message>
    <message>
        <source>Replaced by a newer move</source>
        <translation>新しい移動に置き換えられた</translation>
    </message>
    <message>
        <source>Waiting for the GM to approve the move</source>
        <translation>GMの移動承認を待っている</translation>
    </message>
    <message>
        <source>A roll is a whole number</source>
        <translation>ロールは整数</translation>
    </message>
    <message>
        <source>Unknown request</source>
        <translation>不明な要求</translation>
    </message>
</context>
<context>
    <name>TablePanel</name>
    <message>
        <source>Table</source>
        <translation>卓</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>参加</translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation>リンクをコピー</translation>
    </message>
    <message>
        <source>New code…</source>
        <translation>新しいコード…</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Plays</source>
        <translation>担当</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状況</translation>
    </message>
    <message>
        <source>At the table</source>
        <translation>卓にいる</translation>
    </message>
    <message>
        <source>Admit</source>
        <translation>入室を許可</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>取り除く</translation>
    </message>
    <message>
        <source>Moves waiting for you</source>
        <translation>承認待ちの移動</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>承認</translation>
    </message>
    <message>
        <source>Refuse</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>オプション</translation>
    </message>
    <message>
        <source>Players on the local network (same Wi-Fi) may join</source>
        <translation>ローカル・ネットワーク（同じWi-Fi）のプレイヤーが参加できる</translation>
    </message>
    <message>
        <source>Players move their own character without asking</source>
        <translation>プレイヤーは承認なしで自分のキャラクターを動かせる</translation>
    </message>
    <message>
        <source>…also outside their turn</source>
        <translation>…自分のターン以外でも</translation>
    </message>
    <message>
        <source>Admit new players without asking</source>
        <translation>新しいプレイヤーを確認なしで入室させる</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>Say something to the table…</source>
        <translation>卓に向けて発言…</translation>
    </message>
    <message>
        <source>Close Table</source>
        <translation>卓を閉じる</translation>
    </message>
    <message>
        <source>Open Table</source>
        <translation>卓を開く</translation>
    </message>
    <message>
        <source>on the local network</source>
        <translation>ローカル・ネットワークで</translation>
    </message>
    <message>
        <source>on this computer only</source>
        <translation>このコンピューターのみで</translation>
    </message>
    <message>
        <source>The table is open {where}.</source>
        <translation>卓は{where}開いている。</translation>
    </message>
    <message>
        <source>The table is closed: nobody can join.</source>
        <translation>卓は閉じている：誰も参加できない。</translation>
    </message>
    <message>
        <source>(closed)</source>
        <translation>（閉じている）</translation>
    </message>
    <message>
        <source>Choose certificate…</source>
        <translation>証明書を選ぶ…</translation>
    </message>
    <message>
        <source>waiting to be admitted</source>
        <translation>入室待ち</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>接続中</translation>
    </message>
    <message>
        <source>away</source>
        <translation>離席</translation>
    </message>
    <message>
        <source>watching</source>
        <translation>観戦中</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>観戦</translation>
    </message>
    <message>
        <source>The table can&apos;t open: {why}</source>
        <translation>卓を開けない：{why}</translation>
    </message>
    <message>
        <source>New join code</source>
        <translation>新しい参加コード</translation>
    </message>
    <message>
        <source>Make a new join code? Everyone at the table must join again.</source>
        <translation>新しい参加コードを作るか？ 卓の全員が参加し直す必要がある。</translation>
    </message>
    <message>
        <source>Certificate (PEM)</source>
        <translation>証明書（PEM）</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt);;All files (*)</source>
        <translation>証明書 (*.pem *.crt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Its private key (PEM)</source>
        <translation>その秘密鍵（PEM）</translation>
    </message>
    <message>
        <source>Keys (*.pem *.key);;All files (*)</source>
        <translation>鍵 (*.pem *.key);;すべてのファイル (*)</translation>
    </message>
</context>
<context>
    <name>TableTouch</name>
    <message>
        <source>{feet} ft</source>
        <extracomment>A finger that moves less than this (view pixels) is still. Held still this long before moving: the finger measures instead of panning. A tap is shorter than this. A finger tapped this map point (scene coordinates): the GM&apos;s map shows the ping too.</extracomment>
        <translation>{feet}フィート</translation>
    </message>
</context>
<context>
    <name>TerrainTool</name>
    <message>
        <source>Difficult</source>
        <translation>移動困難</translation>
    </message>
    <message>
        <source>Greater difficult</source>
        <translation>上級移動困難</translation>
    </message>
    <message>
        <source>Hazardous</source>
        <translation>障害地形</translation>
    </message>
    <message>
        <source>Impassable</source>
        <translation>通行不能</translation>
    </message>
    <message>
        <source>Narrow surface</source>
        <translation>狭い足場</translation>
    </message>
    <message>
        <source>Uneven ground</source>
        <translation>でこぼこの地面</translation>
    </message>
    <message>
        <source>Drag to paint · right-drag erases · brush or rectangle, size and kind in the tool bar · Esc: cancel</source>
        <extracomment>The Balance DC and the drop (feet, 0: none) a narrow surface or uneven ground is painted with.</extracomment>
        <translation>ドラッグで塗る · 右ドラッグで消す · ブラシか矩形、大きさと種類はツールバーで選ぶ · Esc：中止</translation>
    </message>
    <message>
        <source>Erase</source>
        <translation>消去</translation>
    </message>
    <message>
        <source>Terrain to paint (right-drag always erases)</source>
        <translation>塗る地形（右ドラッグは常に消す）</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>ブラシ</translation>
    </message>
    <message>
        <source>Rectangle</source>
        <translation>矩形</translation>
    </message>
    <message>
        <source>Brush paints where you drag; Rectangle fills the box you drag</source>
        <translation>ブラシはドラッグした所を塗り、矩形はドラッグした枠を埋める</translation>
    </message>
    <message>
        <source> sq</source>
        <translation> マス</translation>
    </message>
    <message>
        <source>Brush size in squares</source>
        <translation>ブラシの大きさ（マス）</translation>
    </message>
    <message>
        <source>The Balance DC of the narrow surface or uneven ground (Acrobatics; Reflex when hit)</source>
        <translation>狭い足場またはでこぼこの地面の平衡感覚DC（〈軽業〉。攻撃を受けたときは反応セーヴ）</translation>
    </message>
    <message>
        <source> ft</source>
        <translation> フィート</translation>
    </message>
    <message>
        <source>no drop</source>
        <translation>落差なし</translation>
    </message>
    <message>
        <source>How far a creature falling off the narrow surface drops (falling damage)</source>
        <translation>狭い足場から落ちたクリーチャーの落下距離（落下ダメージ）</translation>
    </message>
    <message>
        <source>Terrain</source>
        <translation>地形</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Balance DC</source>
        <translation>平衡感覚DC</translation>
    </message>
    <message>
        <source>Drop</source>
        <translation>落差</translation>
    </message>
</context>
<context>
    <name>TokenForm</name>
    <message>
        <source>Add token</source>
        <extracomment>The list row that means &quot;a blank creature&quot; (no compendium entry).</extracomment>
        <translation>トークンを追加</translation>
    </message>
    <message>
        <source>Search the compendium: name, type, trait, level…</source>
        <extracomment>The compendium entries of the scene&apos;s game: (book, creature).</extracomment>
        <translation>コンペンディウムを検索：名前、種別、特性、レベル…</translation>
    </message>
    <message>
        <source>How many tokens of the creature (numbered names for more than one)</source>
        <translation>そのクリーチャーのトークンの数（2体以上なら名前に番号を付ける）</translation>
    </message>
    <message>
        <source>e.g. Goblin 1</source>
        <translation>例：ゴブリン1</translation>
    </message>
    <message>
        <source>Player character / important NPC</source>
        <translation>プレイヤー・キャラクター／重要なNPC</translation>
    </message>
    <message>
        <source>PF2e: dying at 0 HP · 5e: death saves at 0 HP (others die)</source>
        <translation>PF2e：0 HPで瀕死状態 · 5e：0 HPで死亡セーヴィング・スロー（それ以外は死亡）</translation>
    </message>
    <message>
        <source>Rolls own dice</source>
        <extracomment>The GM ticked or unticked the PC box: the side no longer decides it.</extracomment>
        <translation>自分のダイスを振る</translation>
    </message>
    <message>
        <source>This player rolls their own dice: the app asks for the number instead of rolling</source>
        <translation>このプレイヤーは自分のダイスを振る：アプリは振る代わりに出目を尋ねる</translation>
    </message>
    <message>
        <source> ft</source>
        <translation> フィート</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Creature</source>
        <translation>クリーチャー</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>陣営</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>HP</source>
        <translation>HP</translation>
    </message>
    <message>
        <source>AC</source>
        <translation>AC</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>移動速度</translation>
    </message>
</context>
<context>
    <name>TokenItem</name>
    <message>
        <source>Death saves: {ok} succeeded, {bad} failed</source>
        <extracomment>The colour of each health estimate (`rules.play.projection.HEALTH_WORDS`). Conditions that make a creature unseen by its foes: drawn faint with a dashed ring (the GM still sees it).</extracomment>
        <translation>死亡セーヴィング・スロー：成功{ok}、失敗{bad}</translation>
    </message>
</context>
<context>
    <name>Tools</name>
    <message>
        <source>Select / Move</source>
        <extracomment>Makes the tool for the window&apos;s map view (the tool bar&apos;s tools use more of it than `ToolHost`). False: the tool is in the menus only (a set-up tool the table rarely needs), not the tool bar.</extracomment>
        <translation>選択／移動</translation>
    </message>
    <message>
        <source>Select and move tokens by the rules (S)
Shift-click: waypoint · Alt: free move · Esc: cancel</source>
        <translation>ルール通りにトークンを選択・移動する（S）
Shift+クリック：経由点 · Alt：自由移動 · Esc：取り消し</translation>
    </message>
    <message>
        <source>Measure</source>
        <extracomment>The window&apos;s map view (more of it than `ToolHost`: its pop-up setting, its parent widget).</extracomment>
        <translation>計測</translation>
    </message>
    <message>
        <source>Measure distances by the scene&apos;s diagonal rule (M)
Shift-click: waypoint · Ctrl: corners</source>
        <translation>シーンの斜め移動ルールで距離を測る（M）
Shift+クリック：経由点 · Ctrl：角</translation>
    </message>
    <message>
        <source>Terrain</source>
        <translation>地形</translation>
    </message>
    <message>
        <source>Paint difficult, greater difficult, hazardous or impassable terrain (T)
Right-drag erases</source>
        <translation>移動困難地形、上級移動困難地形、障害地形、通行不能の地形を塗る（T）
右ドラッグで消す</translation>
    </message>
    <message>
        <source>Walls</source>
        <translation>壁</translation>
    </message>
    <message>
        <source>Draw walls, doors, windows and low walls snapped to grid corners (W)
Click a door to open/close it</source>
        <translation>グリッドの角にそろえて壁、扉、窓、低い壁を描く（W）
扉をクリックで開閉</translation>
    </message>
    <message>
        <source>Area</source>
        <extracomment>The template being aimed changed: its squares with line of effect (None: nothing aimed) and its colour&apos;s name (the Player Screen draws it on the squares the players know). The window&apos;s map view (more of it than `ToolHost`: its pop-up setting, its parent widget).</extracomment>
        <translation>効果範囲</translation>
    </message>
    <message>
        <source>Place an area of effect: the squares and creatures the rules include (A)
Bursts/spheres snap to corners · cones/lines aim from the selected creature (Shift: 45°) · [ ] size</source>
        <translation>効果範囲を置く：ルールが含めるマスとクリーチャー（A）
爆発／球は角にそろう · 円錐／直線は選んだクリーチャーから向ける（Shift：45°） · [ ] 大きさ</translation>
    </message>
    <message>
        <source>Calibrate Grid by Dragging</source>
        <translation>ドラッグでグリッドを合わせる</translation>
    </message>
    <message>
        <source>Line the grid up with the map picture: drag a box over a square printed on it (C)
Span N × N squares for precision · Shift: square box · Esc: cancel</source>
        <translation>グリッドをマップ画像に合わせる：画像に描かれたマスの上を枠でなぞる（C）
正確にするにはN×Nマスにわたって · Shift：正方形の枠 · Esc：取り消し</translation>
    </message>
    <message>
        <source>Tool</source>
        <extracomment>The token menu&apos;s rule entries (None: a view without them, such as a test&apos;s bare view). The tool&apos;s name for people, in English (marked for the &quot;Tools&quot; context: `shown_label` translates it).</extracomment>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Calibrate grid</source>
        <extracomment>A box narrower or lower than this many screen pixels is a click, not a measurement. The window&apos;s map view (more of it than `ToolHost`: its pop-up setting, its parent widget).</extracomment>
        <translation>グリッドの調整</translation>
    </message>
    <message>
        <source>Fog of war</source>
        <extracomment>The window&apos;s map view (more of it than `ToolHost`: its pop-up setting, its parent widget).</extracomment>
        <translation>戦場の霧</translation>
    </message>
    <message>
        <source>Lights</source>
        <extracomment>The window&apos;s map view (more of it than `ToolHost`: its pop-up setting, its parent widget).</extracomment>
        <translation>光源</translation>
    </message>
    <message>
        <source>Hazard squares</source>
        <extracomment>The squares an area placed at a point covers, facing a direction (degrees, 0 = east, 90 = south; None for an area that faces nowhere), or None: it can&apos;t be placed there. The squares picked (tuple of `Cell`), the area&apos;s origin (`Point`, or None for picked squares) and the direction it faces (degrees, or None).</extracomment>
        <translation>危険なマス</translation>
    </message>
    <message>
        <source>Select / move</source>
        <extracomment>The window&apos;s map view (more of it than `ToolHost`: its pop-up setting, its parent widget).</extracomment>
        <translation>選択／移動</translation>
    </message>
    <message>
        <source>Cast</source>
        <extracomment>The spell is aimed: the `Cast` (caster, spell, level, placement or targets; no dice). The GM stopped aiming. The area being aimed (`AreaSpec`) or None.</extracomment>
        <translation>発動</translation>
    </message>
    <message>
        <source>Paint terrain</source>
        <extracomment>The window&apos;s map view (more of it than `ToolHost`: its pop-up setting, its parent widget).</extracomment>
        <translation>地形を塗る</translation>
    </message>
    <message>
        <source>Draw walls</source>
        <extracomment>The window&apos;s map view (more of it than `ToolHost`: its pop-up setting, its parent widget).</extracomment>
        <translation>壁を描く</translation>
    </message>
    <message>
        <source>Reveal or hide the map to the players (F)
Right-drag hides</source>
        <translation>プレイヤーにマップを見せる・隠す（F）
右ドラッグで隠す</translation>
    </message>
    <message>
        <source>Place, change or remove lights (Shift+L)</source>
        <translation>光源を置く・変える・取り除く（Shift+L）</translation>
    </message>
</context>
<context>
    <name>TvFrame</name>
    <message>
        <source>Player Screen</source>
        <extracomment>Handle and grab distances in GM view pixels.</extracomment>
        <translation>プレイヤー画面</translation>
    </message>
    <message>
        <source>Player Screen — curtain</source>
        <translation>プレイヤー画面 — カーテン</translation>
    </message>
    <message>
        <source>Player Screen — locked</source>
        <translation>プレイヤー画面 — 固定</translation>
    </message>
</context>
<context>
    <name>TvFrameController</name>
    <message>
        <source>The Player Screen is locked: unlock it to move the players&apos; view</source>
        <extracomment>The reveal rectangle being drawn (scene coordinates), or None. A sentence for the status bar (a locked screen refused a drag). The reveal rectangle was drawn (scene coordinates).</extracomment>
        <translation>プレイヤー画面は固定されている：プレイヤーの表示を動かすには固定を解除する</translation>
    </message>
</context>
<context>
    <name>TypedDiePrompt</name>
    <message>
        <source>Type the roll</source>
        <translation>出目を入力</translation>
    </message>
    <message>
        <source>{who} rolls their own dice: type the d{sides} for {what}.</source>
        <translation>{who}は自分のダイスを振る：{what}のd{sides}を入力する。</translation>
    </message>
    <message>
        <source>type it</source>
        <translation>入力する</translation>
    </message>
    <message>
        <source>The face the die shows on the table</source>
        <translation>卓のダイスの出目</translation>
    </message>
    <message>
        <source>Use this roll</source>
        <translation>この出目を使う</translation>
    </message>
    <message>
        <source>Roll for me</source>
        <translation>代わりに振る</translation>
    </message>
</context>
<context>
    <name>WallTool</name>
    <message>
        <source>Click corners to draw · double-click/Enter/right-click: finish · Backspace: undo point · Ctrl: half squares · click a door to open/close it</source>
        <translation>角をクリックして描く · ダブルクリック／Enter／右クリック：終了 · Backspace：点を取り消す · Ctrl：半マス単位 · 扉をクリックで開閉</translation>
    </message>
    <message>
        <source>Wall: blocks movement, sight, effects · Door: a wall while closed · Window: blocks movement and effects, not sight · Low wall: blocks nothing, gives cover</source>
        <translation>壁：移動・視線・効果を遮る · 扉：閉じている間は壁 · 窓：移動と効果を遮り、視線は遮らない · 低い壁：何も遮らず、遮蔽を与える</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
</context>
<context>
    <name>self.win</name>
    <message>
        <source>Calibrate the Player Screen first (View ▸ Player Screen ▸ Calibrate True Scale…)</source>
        <translation>先にプレイヤー画面を調整する（表示 ▸ プレイヤー画面 ▸ 実寸を調整…）</translation>
    </message>
    <message>
        <source>Drag a rectangle on the map: the players see only that</source>
        <translation>マップ上で矩形をドラッグ：プレイヤーにはそれだけが見える</translation>
    </message>
    <message>
        <source>A player pinged [{x}, {y}]</source>
        <translation>プレイヤーが[{x}, {y}]を指し示した</translation>
    </message>
</context>
<context>
    <name>win</name>
    <message>
        <source>Player Screen</source>
        <translation>プレイヤー画面</translation>
    </message>
</context>
</TS>

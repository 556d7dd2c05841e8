<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name></name>
    <message>
        <source>&amp;Invite Players…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let players join from their phones and laptops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table &amp;Panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;able</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table can&apos;t open: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table didn&apos;t open again: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} pings [{x}, {y}]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttackDialog</name>
    <message>
        <source>Magical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A magical attack (a magic weapon, a spell): it gets past resistance to nonmagical bludgeoning, piercing and slashing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BonusRow</name>
    <message>
        <source>Aid, cover, bless…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bless, Bane…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1d4 or 2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BreakdownTree</name>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Doesn&apos;t stack with a better modifier of the same type</source>
        <extracomment>The groups shown (what the engine answered).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — not applied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CompendiumDock</name>
    <message>
        <source>Files…</source>
        <extracomment>The user asked to place `count` tokens of a creature (at the centre of the view). A message for the status bar.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{book} ({edition})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Creatures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creature files (*.json *.json.gz);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Creatures from a Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing creatures…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing {name}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not import {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{folder} has no creature files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not import the file:
{problem}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CompendiumFeatures</name>
    <message>
        <source>Import Creatures from a &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import every creature file of a folder into your library, as one book</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConditionEditor</name>
    <message>
        <source>e.g. 1d6, 2d4+1, 3</source>
        <extracomment>Duration choices: (label, key). It is the token&apos;s turn now: &quot;until the end of its next turn&quot; is the end of the turn after this one (the current turn&apos;s end counts first, `rules.model.effects.Ends`). The pick that stands for persistent damage (its formula and type are asked for instead).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The damage it takes at the end of each of its turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Damage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Damage type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write only the dice; the type is picked below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Damage: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{damage} persistent {type}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken at the end of each of its turns; a DC 15 flat check then ends it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DockSides</name>
    <message>
        <source>Side panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: show it, or hide this side to give the map the room</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EndTurnDialog</name>
    <message>
        <source>End of {name}&apos;s turn: persistent damage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} takes each persistent damage (through immunity, weakness and resistance), then attempts a DC {dc} flat check for each: a success ends it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flat check (DC {dc})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EntryList</name>
    <message>
        <source>Name</source>
        <extracomment>A token&apos;s statistics (what its creature gives it); everything else on a token is its own state.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lvl/CR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HiddenMarkerItem</name>
    <message>
        <source>Someone is here: the party knows the square, not what is in it</source>
        <extracomment>Amber: it reads on a dark map and on black fog, and is no colour the map itself uses for walls.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InitiativeDock</name>
    <message>
        <source>Add…</source>
        <extracomment>A new turn began: the id of the creature whose turn it is. The last end-of-turn prompt opened by `next_turn` (tests read it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add creatures on the map to the running encounter (they roll initiative)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the selected creature out of the initiative order</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InspectorDock</name>
    <message>
        <source>Conditions, separated by commas; valued ones as “frightened 2”; PF2e persistent damage as “1d6 persistent fire”</source>
        <extracomment>The token whose typed conditions were refused (the box keeps the text to correct).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Death saving throws: three successes make it stable, three failures kill it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Death saves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>7 or 2d8+5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HP to regain or temporary HP to gain: a number, or dice the app rolls (2d8+5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>successes</source>
        <extracomment>Where the heal and temp-HP dice come from: the app&apos;s one die source (`desktop.dice`).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JoinEncounterDialog</name>
    <message>
        <source>Add to Encounter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each creature rolls initiative and takes its place in the order; whoever&apos;s turn it is keeps it. Type a d20 rolled at the table, or leave “roll” for the app to roll it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add {name} to the encounter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>roll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The d20 {name} rolled at the table (“roll”: the app rolls it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every creature on the map is already in the encounter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Initiative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Areas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player Screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compendium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SelectTool</name>
    <message>
        <source>Add {who} to Encounter…</source>
        <extracomment>the token whose next drag is a PF2e Sneak (armed from the Actions menu)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove {who} from Encounter</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Bring the creature whose turn it is into view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When a turn begins and the active creature is off screen, centre the map on it (a creature already in view leaves the map where it is)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SidePicker</name>
    <message>
        <source>Tokens on the same side are allies; different sides are hostile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New side…</source>
        <extracomment>Asks for a new side&apos;s name (a modal box; tests replace it). None: cancelled.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the side (e.g. “allies”):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableFeatures</name>
    <message>
        <source>Add to Encounter…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creatures on the map join the running encounter: they roll initiative (or type it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove from Encounter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected creatures leave the initiative order (they stay on the map)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableHost</name>
    <message>
        <source>GM: {text}</source>
        <extracomment>The table&apos;s config or its connections changed (config, {player id: open connections}). A player pinged a square (name, x, y). The moves waiting for the GM changed. Something the GM should read in the status bar.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GM approved your move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GM refused the move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A move needs the squares it goes through</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} wants to move to [{x}, {y}]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaced by a newer move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the GM to approve the move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A roll is a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown request</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TablePanel</name>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Join</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New code…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moves waiting for you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players on the local network (same Wi-Fi) may join</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players move their own character without asking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…also outside their turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admit new players without asking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say something to the table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on the local network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on this computer only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table is open {where}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table is closed: nobody can join.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(closed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose certificate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting to be admitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>away</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table can&apos;t open: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New join code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make a new join code? Everyone at the table must join again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificate (PEM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its private key (PEM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys (*.pem *.key);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TokenForm</name>
    <message>
        <source>Player character / important NPC</source>
        <extracomment>The list row that means &quot;a blank creature&quot; (no compendium entry). The compendium entries of the scene&apos;s game: (book, creature).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PF2e: dying at 0 HP · 5e: death saves at 0 HP (others die)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TokenItem</name>
    <message>
        <source>Death saves: {ok} succeeded, {bad} failed</source>
        <extracomment>Conditions that make a creature unseen by its foes: drawn faint with a dashed ring (the GM still sees it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>

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
    <name>AreasDock</name>
    <message>
        <source>No areas on the map.
Use the Area tool (A) to place one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll saves…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every creature inside rolls its save; the damage goes through the rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the area off the map (undoable)</source>
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
        <source>Conditions — {label}</source>
        <extracomment>Duration choices: (label, key).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <extracomment>It is the token&apos;s turn now: &quot;until the end of its next turn&quot; is the end of the turn after this one (the current turn&apos;s end counts first, `rules.model.effects.Ends`). The pick that stands for persistent damage (its formula and type are asked for instead).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. Will DC 20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what caused it (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 1d6, 2d4+1, 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The damage it takes at the end of each of its turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
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
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the token</source>
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
    <name>DamageRoller</name>
    <message>
        <source>Roll damage</source>
        <extracomment>The entries changed (a roll, typed totals, or a new formula clearing them).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll the damage with the app&apos;s dice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use typed totals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the totals you rolled with physical dice, one per damage type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total of {render} rolled at the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Typed in: {describe_entries}</source>
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
    <name>FileController</name>
    <message>
        <source>{path}: too big to open (out of memory)</source>
        <extracomment>Backstop: autosave a document with unsaved changes this often. After an edit, autosave this much later (edits made meanwhile go into the same write) ... ... but no sooner than this after the previous autosave. fsync the journal this long after a change at most (a change is in the OS at once; this is for power cuts). Most picture problems listed in the warning shown on opening (the rest are counted). A message for the status bar. Which rules an imported Universal VTT map uses (None: cancel the opening). The file as it was when opened or last saved (to warn before overwriting someone else&apos;s change). Why autosave is off or failing, once told to the user. The document state last autosaved (not written again), and whether an autosave of it exists.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path}: cannot be read ({__name__}: {exc})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Can&apos;t save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path}: the file is read-only. Use File ▸ Save As to save a copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Can&apos;t restore the autosave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open scene</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save scene as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the changes to “{display_name}”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your changes will be lost if you don&apos;t save them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore unsaved work?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FiveFoot did not close properly. Restore your unsaved work on “{title}”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autosaved {when}{more}.{where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{name}” was changed on disk since you opened or saved it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another program or FiveFoot window saved it. Overwrite those changes with yours? (Cancel, then use File ▸ Save As to keep both.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overwrite</source>
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
    <name>ImportPictureDialog</name>
    <message>
        <source>Import map picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;{_html}&lt;/b&gt; — {width} × {height} pixels, {format_name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many pixels of the picture make one 5-ft square</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To line the grid up with a grid printed on the picture, use Map ▸ Calibrate Grid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The grid grows or shrinks to the squares the picture covers (never below a token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pixels per square</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportSystemDialog</name>
    <message>
        <source>Rules for this map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{name}” is a map without rules of its own. Which rules should it use?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InitiativeDock</name>
    <message>
        <source>Creature</source>
        <extracomment>A new turn began: the id of the creature whose turn it is. The last end-of-turn prompt opened by `next_turn` (tests read it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll initiative &amp;&amp; start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll initiative for the ticked creatures (typed d20s are used as rolled) and begin round 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a d20 rolled at the table, or leave it empty for the app to roll.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back one turn (a correction: the creature gets a fresh turn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next turn ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End this turn and start the next (movement, diagonals, MAP, reaction reset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PF2e: the current creature Delays; return it later from the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected delaying creature returns after the current turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The current creature readies an action with a trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reaction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected creature uses its reaction (or its readied action)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End encounter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add…</source>
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
    <message>
        <source>Difficulty of the foes on the map for the PCs on it (level, CR / XP)</source>
        <extracomment>The last Add to Encounter dialog opened (tests read it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No encounter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include in the encounter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>roll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The d20 {label} rolled at the table (“roll”: the app rolls it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: initiative {initiative} (d20 {d20} {modifier:+d})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready an action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trigger and action (e.g. “Strike the first foe that comes near”):</source>
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
    <name>LogDock</name>
    <message>
        <source>Rolls, moves and damage appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the whole log to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} entries</source>
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
        <source>&amp;New…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New scene: empty map or demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a scene or a Universal VTT map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the scene</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the scene under a new name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate the selected tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select &amp;All Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;Token…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a token at the centre of the view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scene &amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System, diagonal rule, flanking, area method, ambient light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>App settings: centre the map on the active creature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;End Turn of Selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the selected tokens&apos; movement this turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New &amp;Round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone&apos;s movement resets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Check or Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A check or save, a group check, a contest or a passive value, with conditions applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fit Map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Movement Overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shade the squares the selected token can reach (by Stride or move/Dash)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the 5-ft grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Walls Outside the Map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the walls an imported map keeps beyond its edge (they always count for the rules)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About FiveFoot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;ncounter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The square under the mouse (one square is 5 feet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom (Ctrl+wheel or Ctrl +/−; Ctrl+0 fits the map)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initiative is running: Next Turn (N) moves through the round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No free square near there for the new token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About FiveFoot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;FiveFoot&lt;/b&gt; — a battle map for Pathfinder 2e and D&amp;D 5e that counts the squares for you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{system} · Round {round}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No initiative: movement resets with End Turn (E) or New Round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initiative is running (see the Initiative dock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom {percent:.0f}%</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MapPictures</name>
    <message>
        <source>Import Map &amp;Image…</source>
        <extracomment>What the decoder complained about (a cut-short JPEG still decodes, grey at the bottom). A message for the status bar.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put a picture (PNG, JPEG, WebP) under the grid; it is saved inside .fivefoot files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Calibrate Grid…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the size of a square on the picture and where the grid starts, with a live preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fit Grid to Picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resize the grid to the squares the picture covers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove Map Picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the picture away (the grid stays)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import map picture</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NewSceneDialog</name>
    <message>
        <source>New scene</source>
        <extracomment>Each system&apos;s title for pickers, by name.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo encounter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encounter</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SaveDialog</name>
    <message>
        <source>Saves against {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>damage, e.g. 6d6 fire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll all saves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll every creature&apos;s d20 with the app&apos;s dice (or type each d20 in its row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A creature that has rolled and has {counter} to spend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reroll this creature&apos;s save; the new roll is kept (logged, undoable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply damage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Damage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The d20 this creature rolled (— until rolled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied. See the log for every save and the damage each creature took.</source>
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
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bring the creature whose turn it is into view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When a turn begins and the active creature is off screen, centre the map on it (a creature already in view leaves the map where it is)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offer Step for single 5-ft moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PF2e: when a creature dragged one square could trigger a Reactive Strike, ask whether it Steps (no reaction) or Strides. Hold Ctrl while dragging to Step without being asked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The initiative list always scrolls to the active creature.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same as the app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player Screen language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language applies when FiveFoot starts again.</source>
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
        <source>&amp;Attack…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attack: the selected creature against the one under the mouse — every modifier, roll, damage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Reach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shade the selected creature&apos;s reach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show Enemy &amp;Threat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shade every square an enemy threatens with a melee attack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cover &amp;&amp; Flanking Lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With a creature selected, hover another: cover lines, cover degree and flanking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll &amp;Initiative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll initiative for everyone (typed d20s in the Initiative dock count) and start round 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End this turn and start the next (movement, diagonals, MAP and reaction reset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back one turn (a correction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;End Encounter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop the initiative order</source>
        <translation type="unfinished"></translation>
    </message>
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
    <message>
        <source>Roll &amp;Saves for Area…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every creature in the selected area rolls its save; damage goes through the rules</source>
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

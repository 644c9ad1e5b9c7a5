"""The French screenshots of docs/screenshots/fr/: start screen, the four tabs and every form of a sample Swiss.

    QT_QPA_PLATFORM=offscreen python docs/screenshots/fr/make_screens.py docs/screenshots/fr
"""
import random
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, QTimer
from PySide6.QtWidgets import QApplication

app = QApplication(sys.argv[:1])
QCoreApplication.setOrganizationName("shots"); QCoreApplication.setApplicationName("shots")
QSettings.setDefaultFormat(QSettings.Format.IniFormat)
QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(__import__("tempfile").mkdtemp()))
from tournament_desk.core.operations import AddPlayers, RecordResults, RequestBye
from tournament_desk.gui.i18n import Translator, install_qt_translator

install_qt_translator("fr")
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.results import Discipline
from tournament_desk.gui.dialogs.event_dialog import EventDialog
from tournament_desk.gui.dialogs.player_dialog import PlayerDialog
from tournament_desk.gui.dialogs.registration_dialogs import ByeRequestDialog, NumbersDialog, WithdrawDialog
from tournament_desk.gui.dialogs.rules_dialog import RulesDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.rules import current_rule_settings
from tournament_desk.services.session import EventSession

out = Path(sys.argv[1]); out.mkdir(exist_ok=True)
ev = out / "open.tdesk"
for p in out.glob("open.tdesk*"): p.unlink()
s = EventSession.create(ev, Event.for_discipline("Open de Lyon", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=5, place="Lyon", arbiters=("Claire Martin",)))
rng = random.Random(1)
names = ["Dupont","Martin","Åberg","Zimmermann","Lefèvre","Durand","Moreau","Petit","Roux","Garnier","Faure","Blanc"]
s.run(AddPlayers([{"surname": n, "first_name": "Jean", "club": "Échiquier lyonnais", "ratings": (("fide", 1400+rng.randrange(800)),)} for n in names]))
s.run(RequestBye(2, 3, "hpb"))
pair_next(s)
s.run(RecordResults(1, {g.board: rng.choice(["1-0","0-1","1/2"]) for g in s.state().round(1).games}))
pair_next(s)
t = Translator("fr")
w = MainWindow(s, lang="fr"); w.resize(1200, 760); w.show()
def shot(widget, name):
    widget.show(); app.processEvents(); widget.grab().save(str(out / name)); widget.close()
def go():
    for i, name in enumerate(["inscriptions", "appariements", "resultats", "classement"]):
        w.tabs.setCurrentIndex(i); app.processEvents(); w.grab().save(str(out / f"onglet-{name}.png"))
    st = s.state()
    shot(EventDialog(w, t, arbiter="Claire Martin"), "form-nouveau-tournoi.png")
    shot(EventDialog(w, t, st.event, system_locked=True), "form-parametres.png")
    shot(PlayerDialog(w, t, "fide"), "form-ajouter-joueur.png")
    shot(PlayerDialog(w, t, "fide", st.players[0]), "form-modifier-joueur.png")
    shot(ByeRequestDialog(w, t, st, st.players[1], submit=lambda v: None), "form-exemption.png")
    shot(WithdrawDialog(w, t, st, st.players[2], submit=lambda v: None), "form-retrait.png")
    shot(NumbersDialog(w, t, st, submit=lambda v: None), "form-numeros.png")
    shot(RulesDialog(w, t, current_rule_settings(s)), "form-regles.png")
    from tournament_desk.gui.dialogs.apart_dialog import ApartDialog
    shot(ApartDialog(w), "form-separes.png")
    w.close_event_file(); app.processEvents(); w.grab().save(str(out / "accueil.png"))
    app.quit()
QTimer.singleShot(300, go)
app.exec()

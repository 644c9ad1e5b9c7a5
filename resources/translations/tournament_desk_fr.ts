<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR" sourcelanguage="en">
    <context>
        <name>tournament_desk</name>
        <message>
            <source>&amp;Registration</source>
            <translation>&amp;Inscriptions</translation>
        </message>
        <message>
            <source>&amp;Pairings</source>
            <translation>&amp;Appariements</translation>
        </message>
        <message>
            <source>Res&amp;ults</source>
            <translation>&amp;Résultats</translation>
        </message>
        <message>
            <source>S&amp;tandings</source>
            <translation>&amp;Classement</translation>
        </message>
        <message>
            <source>Registration</source>
            <translation>Inscriptions</translation>
        </message>
        <message>
            <source>Pairings</source>
            <translation>Appariements</translation>
        </message>
        <message>
            <source>Results</source>
            <translation>Résultats</translation>
        </message>
        <message>
            <source>Standings</source>
            <translation>Classement</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Fichier</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>É&amp;dition</translation>
        </message>
        <message>
            <source>E&amp;vent</source>
            <translation>&amp;Tournoi</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Aide</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Langue</translation>
        </message>
        <message>
            <source>Open &amp;recent</source>
            <translation>Ouvrir un fichier &amp;récent</translation>
        </message>
        <message>
            <source>&amp;New event…</source>
            <translation>&amp;Nouveau tournoi…</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>&amp;Ouvrir…</translation>
        </message>
        <message>
            <source>Save a &amp;copy as…</source>
            <translation>Enregistrer une &amp;copie sous…</translation>
        </message>
        <message>
            <source>&amp;Import players (CSV)…</source>
            <translation>&amp;Importer des joueurs (CSV)…</translation>
        </message>
        <message>
            <source>&amp;Print grid (PDF)…</source>
            <translation>Im&amp;primer la grille (PDF)…</translation>
        </message>
        <message>
            <source>Restore a &amp;backup…</source>
            <translation>Restaurer une &amp;sauvegarde…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Quitter</translation>
        </message>
        <message>
            <source>&amp;History…</source>
            <translation>&amp;Historique…</translation>
        </message>
        <message>
            <source>Event &amp;settings…</source>
            <translation>&amp;Paramètres du tournoi…</translation>
        </message>
        <message>
            <source>&amp;About tournament_desk</source>
            <translation>À &amp;propos de tournament_desk</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>&amp;Annuler</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>&amp;Rétablir</translation>
        </message>
        <message>
            <source>&amp;Undo {}</source>
            <translation>&amp;Annuler : {}</translation>
        </message>
        <message>
            <source>&amp;Redo {}</source>
            <translation>&amp;Rétablir : {}</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Annulation</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>Rétablissement</translation>
        </message>
        <message>
            <source>&amp;Import</source>
            <translation>&amp;Importer</translation>
        </message>
        <message>
            <source>&amp;Export</source>
            <translation>E&amp;xporter</translation>
        </message>
        <message>
            <source>&amp;Print</source>
            <translation>Im&amp;primer</translation>
        </message>
        <message>
            <source>&amp;Players (CSV)…</source>
            <translation>&amp;Joueurs (CSV)…</translation>
        </message>
        <message>
            <source>&amp;Rating list…</source>
            <translation>&amp;Liste de classement…</translation>
        </message>
        <message>
            <source>&amp;Homologation bundle…</source>
            <translation>Paquet d'&amp;homologation…</translation>
        </message>
        <message>
            <source>&amp;Round-robin grid…</source>
            <translation>&amp;Grille toutes rondes…</translation>
        </message>
        <message>
            <source>Pairing &amp;sheet (last round)…</source>
            <translation>&amp;Feuille d'appariement (dernière ronde)…</translation>
        </message>
        <message>
            <source>&amp;Crosstable…</source>
            <translation>&amp;Grille américaine…</translation>
        </message>
        <message>
            <source>S&amp;tandings…</source>
            <translation>&amp;Classement…</translation>
        </message>
        <message>
            <source>Result s&amp;lips (last round)…</source>
            <translation>Fiches de &amp;résultat (dernière ronde)…</translation>
        </message>
        <message>
            <source>Rating &amp;report…</source>
            <translation>Rapport de c&amp;lassement…</translation>
        </message>
        <message>
            <source>Printing…</source>
            <translation>Impression…</translation>
        </message>
        <message>
            <source>Exporting…</source>
            <translation>Exportation…</translation>
        </message>
        <message>
            <source>Bundle written: {}</source>
            <translation>Paquet écrit : {}</translation>
        </message>
        <message>
            <source>Rating ±</source>
            <translation>Évol.</translation>
        </message>
        <message>
            <source>New rating</source>
            <translation>Nouveau classement</translation>
        </message>
        <message>
            <source>Rating preview: {}</source>
            <translation>Aperçu du classement : {}</translation>
        </message>
        <message>
            <source>Rating preview ({}): what the federation would compute from this event alone</source>
            <translation>Aperçu du classement ({}) : ce que la fédération calculerait avec ce seul tournoi</translation>
        </message>
        <message>
            <source>&amp;Rule settings…</source>
            <translation>&amp;Réglages des règles…</translation>
        </message>
        <message>
            <source>About the &amp;rules</source>
            <translation>À propos des &amp;règles</translation>
        </message>
        <message>
            <source>Rule settings</source>
            <translation>Réglages des règles</translation>
        </message>
        <message>
            <source>empty: not set</source>
            <translation>vide : non renseigné</translation>
        </message>
        <message>
            <source>Each reading is explained, with its source and its test, in docs/rules.md.</source>
            <translation>Chaque lecture est expliquée, avec sa source et son test, dans docs/rules.md.</translation>
        </message>
        <message>
            <source>The rules document is not installed: {}</source>
            <translation>Le document des règles n'est pas installé : {}</translation>
        </message>
        <message>
            <source>Pair by &amp;hand…</source>
            <translation>Apparier à la &amp;main…</translation>
        </message>
        <message>
            <source>&amp;Top cut…</source>
            <translation>&amp;Tableau final…</translation>
        </message>
        <message>
            <source>Pair by hand</source>
            <translation>Appariement manuel</translation>
        </message>
        <message>
            <source>Solkoff</source>
            <translation>Solkoff</translation>
        </message>
        <message>
            <source>W/B</source>
            <translation>B/N</translation>
        </message>
        <message>
            <source>Colour</source>
            <translation>Couleur</translation>
        </message>
        <message>
            <source>Opponent</source>
            <translation>Adversaire</translation>
        </message>
        <message>
            <source>&amp;Add board</source>
            <translation>&amp;Ajouter la table</translation>
        </message>
        <message>
            <source>Give the &amp;bye</source>
            <translation>Donner l'&amp;exemption</translation>
        </message>
        <message>
            <source>&amp;Remove last board</source>
            <translation>&amp;Retirer la dernière table</translation>
        </message>
        <message>
            <source>&amp;Complete the round</source>
            <translation>&amp;Compléter la ronde</translation>
        </message>
        <message>
            <source>Reason for overriding the rules (kept in the history):</source>
            <translation>Raison de la dérogation aux règles (conservée dans l'historique) :</translation>
        </message>
        <message>
            <source>Players in the top cut:</source>
            <translation>Joueurs qualifiés :</translation>
        </message>
        <message>
            <source>Drawn games:</source>
            <translation>Parties nulles :</translation>
        </message>
        <message>
            <source>higher seed advances on a draw</source>
            <translation>le mieux classé passe en cas de nulle</translation>
        </message>
        <message>
            <source>a play-off decides a draw</source>
            <translation>un départage décide en cas de nulle</translation>
        </message>
        <message>
            <source>Knockout round {}</source>
            <translation>Tour éliminatoire {}</translation>
        </message>
        <message>
            <source>Champion: {}</source>
            <translation>Vainqueur : {}</translation>
        </message>
        <message>
            <source>Top-cut &amp;bracket…</source>
            <translation>&amp;Tableau final…</translation>
        </message>
        <message>
            <source>Crosstable</source>
            <translation>Grille américaine</translation>
        </message>
        <message>
            <source>Standings view</source>
            <translation>Classement</translation>
        </message>
        <message>
            <source>&amp;Print (PDF)…</source>
            <translation>&amp;Imprimer (PDF)…</translation>
        </message>
        <message>
            <source>Pairin&amp;gs</source>
            <translation>A&amp;ppariements</translation>
        </message>
        <message>
            <source>Re&amp;sults</source>
            <translation>&amp;Résultats</translation>
        </message>
        <message>
            <source>Names, separated by commas</source>
            <translation>Noms, séparés par des virgules</translation>
        </message>
        <message>
            <source>drawn by lot at round 1</source>
            <translation>tirée au sort à la ronde 1</translation>
        </message>
        <message>
            <source>none</source>
            <translation>aucune</translation>
        </message>
        <message>
            <source>Baku acceleration (C.04.5.1)</source>
            <translation>accélération de Bakou (C.04.5.1)</translation>
        </message>
        <message>
            <source>Initial colour</source>
            <translation>Couleur initiale</translation>
        </message>
        <message>
            <source>Acceleration</source>
            <translation>Accélération</translation>
        </message>
        <message>
            <source>Restore a backup…</source>
            <translation>Restaurer une sauvegarde…</translation>
        </message>
        <message>
            <source>&amp;Unrated</source>
            <translation>&amp;Non classé</translation>
        </message>
        <message>
            <source>Register anyway?</source>
            <translation>Inscrire quand même ?</translation>
        </message>
        <message>
            <source>Withdraw {}</source>
            <translation>Retirer {}</translation>
        </message>
        <message>
            <source>Takes no part from &amp;round:</source>
            <translation>Ne joue plus à partir de la &amp;ronde :</translation>
        </message>
        <message>
            <source>Bye request</source>
            <translation>Demande d'exemption</translation>
        </message>
        <message>
            <source>cancel the request</source>
            <translation>annuler la demande</translation>
        </message>
        <message>
            <source>&amp;Player:</source>
            <translation>&amp;Joueur :</translation>
        </message>
        <message>
            <source>&amp;Round:</source>
            <translation>&amp;Ronde :</translation>
        </message>
        <message>
            <source>&amp;Bye:</source>
            <translation>E&amp;xemption :</translation>
        </message>
        <message>
            <source>Pairing numbers by hand</source>
            <translation>Numéros d'appariement à la main</translation>
        </message>
        <message>
            <source>Type each player's number:</source>
            <translation>Tapez le numéro de chaque joueur :</translation>
        </message>
        <message>
            <source>The remaining games become:</source>
            <translation>Les parties restantes deviennent :</translation>
        </message>
        <message>
            <source>Already requested: {}</source>
            <translation>Déjà demandé : {}</translation>
        </message>
        <message>
            <source>Choose a player</source>
            <translation>Choisissez un joueur</translation>
        </message>
        <message>
            <source>Results already played are kept.</source>
            <translation>Les résultats déjà joués sont conservés.</translation>
        </message>
        <message>
            <source>Row {}: '{}' is not a number</source>
            <translation>Ligne {} : « {} » n'est pas un nombre</translation>
        </message>
        <message>
            <source>PDF: {}</source>
            <translation>PDF : {}</translation>
        </message>
        <message>
            <source>Rating lists (*.csv *.txt *.xml)</source>
            <translation>Listes de classement (*.csv *.txt *.xml)</translation>
        </message>
        <message>
            <source>Importing…</source>
            <translation>Importation…</translation>
        </message>
        <message>
            <source>Cancelled: nothing was changed</source>
            <translation>Annulé : rien n'a été modifié</translation>
        </message>
        <message>
            <source>Pairings, results, standings and homologation, without internet. Start a new event, or open one.</source>
            <translation>Appariements, résultats, classements et homologation, sans internet. Créez un nouveau tournoi, ou ouvrez-en un.</translation>
        </message>
        <message>
            <source>&amp;Recent events:</source>
            <translation>Tournois &amp;récents :</translation>
        </message>
        <message>
            <source>Open the &amp;selected event</source>
            <translation>Ouvrir le tournoi &amp;sélectionné</translation>
        </message>
        <message>
            <source>No recent event yet.</source>
            <translation>Aucun tournoi récent pour l'instant.</translation>
        </message>
        <message>
            <source>{players} players, round {paired} of {rounds}</source>
            <translation>{players} joueurs, ronde {paired} sur {rounds}</translation>
        </message>
        <message>
            <source>{players} players, not started</source>
            <translation>{players} joueurs, pas encore commencé</translation>
        </message>
        <message>
            <source>Pairing round {}…</source>
            <translation>Appariement de la ronde {}…</translation>
        </message>
        <message>
            <source>Cancel the pairing of round {}?</source>
            <translation>Annuler l'appariement de la ronde {} ?</translation>
        </message>
        <message>
            <source>Print the gr&amp;id…</source>
            <translation>Imprimer la &amp;grille…</translation>
        </message>
        <message>
            <source>Pair by han&amp;d…</source>
            <translation>Apparier à la &amp;main…</translation>
        </message>
        <message>
            <source>Top &amp;cut…</source>
            <translation>Ta&amp;bleau final…</translation>
        </message>
        <message>
            <source>Print the p&amp;airing sheet…</source>
            <translation>Imprimer la f&amp;euille d'appariement…</translation>
        </message>
        <message>
            <source>Byes requested for round {}: {}</source>
            <translation>Exemptions demandées pour la ronde {} : {}</translation>
        </message>
        <message>
            <source>Top cut</source>
            <translation>Tableau final</translation>
        </message>
        <message>
            <source>The {n} result(s) already entered in it will be dropped (Undo brings them back).</source>
            <translation>Les {n} résultat(s) déjà saisi(s) seront supprimés (Annuler les rétablit).</translation>
        </message>
        <message>
            <source>Fi&amp;lter:</source>
            <translation>Fi&amp;ltrer :</translation>
        </message>
        <message>
            <source>name, club, licence…</source>
            <translation>nom, club, licence…</translation>
        </message>
        <message>
            <source>Ed&amp;it…</source>
            <translation>&amp;Modifier…</translation>
        </message>
        <message>
            <source>&amp;Bye request…</source>
            <translation>E&amp;xemption demandée…</translation>
        </message>
        <message>
            <source>Im&amp;port CSV…</source>
            <translation>Importer un CS&amp;V…</translation>
        </message>
        <message>
            <source>Draw pairing &amp;numbers</source>
            <translation>Tirer les &amp;numéros au sort</translation>
        </message>
        <message>
            <source>Number b&amp;y rating</source>
            <translation>Numéroter par cla&amp;ssement</translation>
        </message>
        <message>
            <source>Number by han&amp;d…</source>
            <translation>N&amp;uméroter à la main…</translation>
        </message>
        <message>
            <source>{name} has withdrawn from round {r}. Reinstate them?</source>
            <translation>{name} s'est retiré(e) à partir de la ronde {r}. Le ou la réintégrer ?</translation>
        </message>
        <message>
            <source>round {}: {}</source>
            <translation>ronde {} : {}</translation>
        </message>
        <message>
            <source>Withdraw</source>
            <translation>Retirer</translation>
        </message>
        <message>
            <source>Players (*.csv *.txt *.trf *.tab)</source>
            <translation>Joueurs (*.csv *.txt *.trf *.tab)</translation>
        </message>
        <message>
            <source>Import the {n} correct row(s) and leave out the others?</source>
            <translation>Importer les {n} ligne(s) correctes et laisser les autres de côté ?</translation>
        </message>
        <message>
            <source>Game p&amp;oints…</source>
            <translation>P&amp;oints de partie…</translation>
        </message>
        <message>
            <source>&amp;Crosstable</source>
            <translation>&amp;Grille américaine</translation>
        </message>
        <message>
            <source>&amp;Print…</source>
            <translation>I&amp;mprimer…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Annuler</translation>
        </message>
        <message>
            <source>C&amp;lose the event</source>
            <translation>&amp;Fermer le tournoi</translation>
        </message>
        <message>
            <source>Round-robin &amp;grid…</source>
            <translation>Grille toutes r&amp;ondes…</translation>
        </message>
        <message>
            <source>No rating</source>
            <translation>Aucun classement</translation>
        </message>
        <message>
            <source>FIDE Elo</source>
            <translation>Elo FIDE</translation>
        </message>
        <message>
            <source>National Elo</source>
            <translation>Elo national</translation>
        </message>
        <message>
            <source>FFJD Capital-Points</source>
            <translation>Capital-Points FFJD</translation>
        </message>
        <message>
            <source>FMJD rating</source>
            <translation>Classement FMJD</translation>
        </message>
        <message>
            <source>FISF PL rating (Scrabble)</source>
            <translation>Cote PL FISF (Scrabble)</translation>
        </message>
        <message>
            <source>half-point bye (½)</source>
            <translation>exemption à ½ point</translation>
        </message>
        <message>
            <source>full-point bye (1)</source>
            <translation>exemption à 1 point</translation>
        </message>
        <message>
            <source>zero-point bye (absent)</source>
            <translation>exemption à 0 point (absent)</translation>
        </message>
        <message>
            <source>+ − (White wins by forfeit)</source>
            <translation>+ − (les Blancs gagnent par forfait)</translation>
        </message>
        <message>
            <source>− + (Black wins by forfeit)</source>
            <translation>− + (les Noirs gagnent par forfait)</translation>
        </message>
        <message>
            <source>0-0 (both lose)</source>
            <translation>0-0 (les deux perdent)</translation>
        </message>
        <message>
            <source>− − (double forfeit)</source>
            <translation>− − (double forfait)</translation>
        </message>
        <message>
            <source>Players who must not &amp;meet…</source>
            <translation>Joueurs à ne pas &amp;opposer…</translation>
        </message>
        <message>
            <source>Players who must not meet</source>
            <translation>Joueurs à ne pas opposer</translation>
        </message>
        <message>
            <source>&amp;Keep apart</source>
            <translation>&amp;Séparer</translation>
        </message>
        <message>
            <source>&amp;Let them meet</source>
            <translation>&amp;Autoriser la rencontre</translation>
        </message>
        <message>
            <source>The pairing engines never pair two players kept apart (TRF XXP).</source>
            <translation>Les moteurs d'appariement n'opposent jamais deux joueurs séparés (XXP du TRF).</translation>
        </message>
        <message>
            <source>&amp;FIDE rating report (TRF)…</source>
            <translation>Rapport FI&amp;DE (TRF)…</translation>
        </message>
        <message>
            <source>Continue an event from a TR&amp;F file…</source>
            <translation>Poursuivre un &amp;tournoi depuis un fichier TRF…</translation>
        </message>
        <message>
            <source>Ra&amp;ting period…</source>
            <translation>Période de cl&amp;assement…</translation>
        </message>
        <message>
            <source>No.</source>
            <translation>N°</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Nom</translation>
        </message>
        <message>
            <source>Club</source>
            <translation>Club</translation>
        </message>
        <message>
            <source>Fed.</source>
            <translation>Féd.</translation>
        </message>
        <message>
            <source>Rating</source>
            <translation>Classement</translation>
        </message>
        <message>
            <source>Licence</source>
            <translation>Licence</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Statut</translation>
        </message>
        <message>
            <source>active</source>
            <translation>présent</translation>
        </message>
        <message>
            <source>withdrawn from round {}</source>
            <translation>retiré à partir de la ronde {}</translation>
        </message>
        <message>
            <source>Filter by name, club, licence…</source>
            <translation>Filtrer par nom, club, licence…</translation>
        </message>
        <message>
            <source>&amp;Add…</source>
            <translation>Aj&amp;outer…</translation>
        </message>
        <message>
            <source>&amp;Edit…</source>
            <translation>&amp;Modifier…</translation>
        </message>
        <message>
            <source>&amp;Withdraw…</source>
            <translation>R&amp;etirer…</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>Supprimer</translation>
        </message>
        <message>
            <source>&amp;Import CSV…</source>
            <translation>&amp;Importer un CSV…</translation>
        </message>
        <message>
            <source>Delete {}?</source>
            <translation>Supprimer {} ?</translation>
        </message>
        <message>
            <source>{} takes no part from round:</source>
            <translation>{} ne joue plus à partir de la ronde :</translation>
        </message>
        <message>
            <source>His remaining games become:</source>
            <translation>Ses parties restantes deviennent :</translation>
        </message>
        <message>
            <source>0fe (excused forfeit)</source>
            <translation>0fe (forfait excusé)</translation>
        </message>
        <message>
            <source>0fne (unexcused forfeit)</source>
            <translation>0fne (forfait non excusé)</translation>
        </message>
        <message>
            <source>Draw pairing numbers</source>
            <translation>Tirer les numéros au sort</translation>
        </message>
        <message>
            <source>Number by rating</source>
            <translation>Numéroter par classement</translation>
        </message>
        <message>
            <source>Player ids in pairing-number order, separated by commas:</source>
            <translation>Identifiants des joueurs dans l'ordre des numéros, séparés par des virgules :</translation>
        </message>
        <message>
            <source>Give player ids separated by commas</source>
            <translation>Donnez des identifiants séparés par des virgules</translation>
        </message>
        <message>
            <source>Add player</source>
            <translation>Inscrire un joueur</translation>
        </message>
        <message>
            <source>Edit player</source>
            <translation>Modifier le joueur</translation>
        </message>
        <message>
            <source>Male</source>
            <translation>Masculin</translation>
        </message>
        <message>
            <source>Female</source>
            <translation>Féminin</translation>
        </message>
        <message>
            <source>Unrated</source>
            <translation>Non classé</translation>
        </message>
        <message>
            <source>&amp;Surname</source>
            <translation>&amp;Nom</translation>
        </message>
        <message>
            <source>&amp;First name</source>
            <translation>&amp;Prénom</translation>
        </message>
        <message>
            <source>Sex</source>
            <translation>Sexe</translation>
        </message>
        <message>
            <source>Birth date</source>
            <translation>Date de naissance</translation>
        </message>
        <message>
            <source>Category</source>
            <translation>Catégorie</translation>
        </message>
        <message>
            <source>&amp;Club</source>
            <translation>&amp;Club</translation>
        </message>
        <message>
            <source>Federation</source>
            <translation>Fédération</translation>
        </message>
        <message>
            <source>&amp;Licence</source>
            <translation>&amp;Licence</translation>
        </message>
        <message>
            <source>FIDE id</source>
            <translation>Identifiant FIDE</translation>
        </message>
        <message>
            <source>FMJD id</source>
            <translation>Identifiant FMJD</translation>
        </message>
        <message>
            <source>Title</source>
            <translation>Titre</translation>
        </message>
        <message>
            <source>Rating ({})</source>
            <translation>Classement ({})</translation>
        </message>
        <message>
            <source>The surname is required</source>
            <translation>Le nom est obligatoire</translation>
        </message>
        <message>
            <source>A licence id is 3 to 12 letters or digits</source>
            <translation>Une licence compte de 3 à 12 lettres ou chiffres</translation>
        </message>
        <message>
            <source>A FIDE id is made of digits</source>
            <translation>Un identifiant FIDE ne contient que des chiffres</translation>
        </message>
        <message>
            <source>Board</source>
            <translation>Table</translation>
        </message>
        <message>
            <source>White</source>
            <translation>Blancs</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>Noirs</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>Résultat</translation>
        </message>
        <message>
            <source>Round {}</source>
            <translation>Ronde {}</translation>
        </message>
        <message>
            <source>Round</source>
            <translation>Ronde</translation>
        </message>
        <message>
            <source>&amp;Pair next round</source>
            <translation>Apparier la ronde &amp;suivante</translation>
        </message>
        <message>
            <source>&amp;Unpair last round</source>
            <translation>A&amp;nnuler la dernière ronde</translation>
        </message>
        <message>
            <source>Print grid (PDF)…</source>
            <translation>Imprimer la grille (PDF)…</translation>
        </message>
        <message>
            <source>FMJD grid (FFJD Annex A board order)</source>
            <translation>Grille FMJD (ordre des tables de l'annexe A FFJD)</translation>
        </message>
        <message>
            <source>FIDE Berger table (C.05 Annex 1)</source>
            <translation>Table de Berger FIDE (C.05, annexe 1)</translation>
        </message>
        <message>
            <source>Pair anyway?</source>
            <translation>Apparier quand même ?</translation>
        </message>
        <message>
            <source>Pairing…</source>
            <translation>Appariement en cours…</translation>
        </message>
        <message>
            <source>Pairing this system from the window is not available yet</source>
            <translation>L'appariement de ce système depuis la fenêtre n'est pas encore disponible</translation>
        </message>
        <message>
            <source>Cancel the pairing of the last round?</source>
            <translation>Annuler l'appariement de la dernière ronde ?</translation>
        </message>
        <message>
            <source>pairing-allocated bye</source>
            <translation>exempt</translation>
        </message>
        <message>
            <source>half-point bye</source>
            <translation>bye d'un demi-point</translation>
        </message>
        <message>
            <source>full-point bye</source>
            <translation>bye d'un point</translation>
        </message>
        <message>
            <source>absent</source>
            <translation>absent</translation>
        </message>
        <message>
            <source>withdrawn</source>
            <translation>retiré</translation>
        </message>
        <message>
            <source>Keys: {} — + / - forfeit — F other codes — Del clears</source>
            <translation>Touches : {} — + / - forfait — F autres codes — Suppr efface</translation>
        </message>
        <message>
            <source>Game &amp;points…</source>
            <translation>&amp;Points de partie…</translation>
        </message>
        <message>
            <source>&amp;Bye / absence…</source>
            <translation>&amp;Exemption / absence…</translation>
        </message>
        <message>
            <source>Points</source>
            <translation>Points</translation>
        </message>
        <message>
            <source>Clear the result</source>
            <translation>Effacer le résultat</translation>
        </message>
        <message>
            <source>Board {b} already has {old}. Replace it by {new}?</source>
            <translation>La table {b} a déjà {old}. Le remplacer par {new} ?</translation>
        </message>
        <message>
            <source>Round(s) {} were paired with the old result: standings change, and those pairings should be checked.</source>
            <translation>La ou les ronde(s) {} ont été appariées avec l'ancien résultat : le classement change, et ces appariements sont à vérifier.</translation>
        </message>
        <message>
            <source>later rounds flagged for checking</source>
            <translation>rondes suivantes signalées à vérifier</translation>
        </message>
        <message>
            <source>Points White-Black (e.g. 412-389):</source>
            <translation>Points Blancs-Noirs (par ex. 412-389) :</translation>
        </message>
        <message>
            <source>Type the two scores as 412-389</source>
            <translation>Tapez les deux scores sous la forme 412-389</translation>
        </message>
        <message>
            <source>Every player has a board in this round</source>
            <translation>Chaque joueur a une table dans cette ronde</translation>
        </message>
        <message>
            <source>Player:</source>
            <translation>Joueur :</translation>
        </message>
        <message>
            <source>Bye:</source>
            <translation>Exemption :</translation>
        </message>
        <message>
            <source>Rank</source>
            <translation>Place</translation>
        </message>
        <message>
            <source>After round {}</source>
            <translation>Après la ronde {}</translation>
        </message>
        <message>
            <source>E&amp;xport CSV…</source>
            <translation>E&amp;xporter en CSV…</translation>
        </message>
        <message>
            <source>{n} players</source>
            <translation>{n} joueurs</translation>
        </message>
        <message>
            <source>No round paired yet</source>
            <translation>Aucune ronde appariée</translation>
        </message>
        <message>
            <source>No event open</source>
            <translation>Aucun tournoi ouvert</translation>
        </message>
        <message>
            <source>Round {r}: {m} result(s) missing</source>
            <translation>Ronde {r} : {m} résultat(s) manquant(s)</translation>
        </message>
        <message>
            <source>Round {r}: complete</source>
            <translation>Ronde {r} : complète</translation>
        </message>
        <message>
            <source>arbiter: {}</source>
            <translation>arbitre : {}</translation>
        </message>
        <message>
            <source>read-only</source>
            <translation>lecture seule</translation>
        </message>
        <message>
            <source>Cannot open the event</source>
            <translation>Impossible d'ouvrir le tournoi</translation>
        </message>
        <message>
            <source>Open read-only?</source>
            <translation>L'ouvrir en lecture seule ?</translation>
        </message>
        <message>
            <source>Event files (*.tdesk)</source>
            <translation>Fichiers de tournoi (*.tdesk)</translation>
        </message>
        <message>
            <source>File error</source>
            <translation>Erreur de fichier</translation>
        </message>
        <message>
            <source>This event has no backup yet</source>
            <translation>Ce tournoi n'a pas encore de sauvegarde</translation>
        </message>
        <message>
            <source>Offline tournament manager</source>
            <translation>Gestionnaire de tournois hors ligne</translation>
        </message>
        <message>
            <source>New event</source>
            <translation>Nouveau tournoi</translation>
        </message>
        <message>
            <source>History</source>
            <translation>Historique</translation>
        </message>
        <message>
            <source>When</source>
            <translation>Quand</translation>
        </message>
        <message>
            <source>Arbiter</source>
            <translation>Arbitre</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>Action</translation>
        </message>
        <message>
            <source>Taken</source>
            <translation>Prise le</translation>
        </message>
        <message>
            <source>Reason</source>
            <translation>Raison</translation>
        </message>
        <message>
            <source>File</source>
            <translation>Fichier</translation>
        </message>
        <message>
            <source>The current state is itself backed up before a restore.</source>
            <translation>L'état actuel est lui-même sauvegardé avant une restauration.</translation>
        </message>
        <message>
            <source>Event settings</source>
            <translation>Paramètres du tournoi</translation>
        </message>
        <message>
            <source>Chess</source>
            <translation>Échecs</translation>
        </message>
        <message>
            <source>Draughts</source>
            <translation>Dames</translation>
        </message>
        <message>
            <source>Scrabble</source>
            <translation>Scrabble</translation>
        </message>
        <message>
            <source>Other</source>
            <translation>Autre</translation>
        </message>
        <message>
            <source>Swiss (FIDE Dutch)</source>
            <translation>Suisse (système hollandais FIDE)</translation>
        </message>
        <message>
            <source>Round robin</source>
            <translation>Toutes rondes</translation>
        </message>
        <message>
            <source>Double round robin</source>
            <translation>Toutes rondes aller-retour</translation>
        </message>
        <message>
            <source>Swiss (score groups)</source>
            <translation>Suisse (groupes de points)</translation>
        </message>
        <message>
            <source>Swiss (manual)</source>
            <translation>Suisse (manuel)</translation>
        </message>
        <message>
            <source>Knockout</source>
            <translation>Élimination directe</translation>
        </message>
        <message>
            <source>empty: the default list for the discipline</source>
            <translation>vide : la liste par défaut de la discipline</translation>
        </message>
        <message>
            <source>&amp;Name</source>
            <translation>&amp;Nom</translation>
        </message>
        <message>
            <source>&amp;Place</source>
            <translation>&amp;Lieu</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>Début</translation>
        </message>
        <message>
            <source>End</source>
            <translation>Fin</translation>
        </message>
        <message>
            <source>&amp;Arbiters</source>
            <translation>&amp;Arbitres</translation>
        </message>
        <message>
            <source>Organiser</source>
            <translation>Organisateur</translation>
        </message>
        <message>
            <source>&amp;Discipline</source>
            <translation>&amp;Discipline</translation>
        </message>
        <message>
            <source>&amp;System</source>
            <translation>&amp;Système</translation>
        </message>
        <message>
            <source>&amp;Rounds</source>
            <translation>&amp;Rondes</translation>
        </message>
        <message>
            <source>&amp;Time control</source>
            <translation>&amp;Cadence</translation>
        </message>
        <message>
            <source>Scoring</source>
            <translation>Barème</translation>
        </message>
        <message>
            <source>Rating system</source>
            <translation>Classement utilisé</translation>
        </message>
        <message>
            <source>Tie-breaks</source>
            <translation>Départages</translation>
        </message>
        <message>
            <source>chess</source>
            <translation>échecs (1 / ½ / 0)</translation>
        </message>
        <message>
            <source>draughts</source>
            <translation>dames (2 / 1 / 0)</translation>
        </message>
        <message>
            <source>kashdan</source>
            <translation>Kashdan (4 / 2 / 1)</translation>
        </message>
        <message>
            <source>scrabble</source>
            <translation>Scrabble classique</translation>
        </message>
    </context>
</TS>

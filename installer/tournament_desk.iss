; Inno Setup 6 script: Windows installer for the one-folder bundle built by installer/tournament_desk.spec.
;
;   pyinstaller --noconfirm --clean installer\tournament_desk.spec
;   iscc /DAppVersion=0.1.0 installer\tournament_desk.iss
;
; Output: dist\tournament-desk-<version>-setup.exe. Installs for the current user without administrator
; rights by default (an arbiter's laptop at a venue), or for all users when run as administrator; adds the
; Start-menu entries, associates .tdesk event files with the program, and registers the uninstaller
; (Settings > Apps). Event files live in the user's Documents folder and are never touched by the uninstaller.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\dist\tournament-desk"
#endif
#define AppName "Tournament Desk"
#define AppExe "tournament-desk.exe"
#define ProgId "TournamentDesk.Event"

[Setup]
; AppId identifies the program for upgrades and the uninstaller: never change it.
AppId={{6F1C2B7E-3D5A-4E8B-9C41-2A7D5E9F0B13}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=tournament_desk developers
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir=..\dist
OutputBaseFilename=tournament-desk-{#AppVersion}-setup
SetupIconFile=..\resources\icons\tournament_desk.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName} {#AppVersion}
WizardStyle=modern
Compression=lzma2/max
SolidCompression=yes
CloseApplications=yes

[Languages]
Name: "french"; MessagesFile: "compiler:Languages\French.isl"
Name: "english"; MessagesFile: "compiler:Default.isl"

[CustomMessages]
french.EventFile=Tournoi Tournament Desk
english.EventFile=Tournament Desk event
french.CommandLine=Tournament Desk (ligne de commande)
english.CommandLine=Tournament Desk (command line)

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; The whole PyInstaller folder: tournament-desk.exe (GUI), tournament-desk-cli.exe (console) and _internal\.
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; An upgrade replaces the bundle's libraries wholesale: no stale module of the previous version may remain.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "{cm:EventFile}"
Name: "{group}\{cm:CommandLine}"; Filename: "{cmd}"; Parameters: "/k ""{app}\tournament-desk-cli.exe"" --help"; WorkingDir: "{userdocs}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; .tdesk -> TournamentDesk.Event, opened by the GUI executable. HKA is HKLM for an all-users install and HKCU
; for a per-user one; the keys are removed by the uninstaller (uninsdeletevalue / uninsdeletekey).
Root: HKA; Subkey: "Software\Classes\.tdesk"; ValueType: string; ValueName: ""; ValueData: "{#ProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.tdesk\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "{cm:EventFile}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".tdesk"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; The whole bundle folder, even files that were not installed by this setup (the program itself writes nothing
; there: event files, settings and backups live in the user's folders and are kept).
Type: filesandordirs; Name: "{app}\_internal"

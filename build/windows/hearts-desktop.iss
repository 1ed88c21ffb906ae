; Inno Setup 6 script for the Windows installer. Run through `python build/make.py`, which
; passes the names, version and paths below from the package with /D (so they live in one
; place); the defaults only let the script open in the Inno Setup editor.
;
; Installs for the current user by default (no administrator prompt; the setup offers
; "all users" too), adds a Start-menu entry, offers a desktop shortcut, and registers an
; uninstaller that removes every installed file. The player's settings and saves live in
; their own AppData folder, which the uninstaller leaves alone.

#ifndef AppName
  #define AppName "Hearts Desktop"
#endif
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef FileVersion
  #define FileVersion "0.0.0.0"
#endif
#ifndef AppExeName
  #define AppExeName "hearts-desktop.exe"
#endif
#ifndef BundleDir
  #define BundleDir "..\..\dist\hearts-desktop"
#endif
#ifndef IconFile
  #define IconFile "..\..\assets\icon\hearts-desktop.ico"
#endif

[Setup]
; A fixed id: a newer version installs over an older one instead of beside it.
AppId={{6F1D2B7C-3E4A-4C8E-9B51-2D7A0C4E8F13}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
; The setup's own file version (Properties, Details): four numbers, the release this build
; leads to; the text version is the whole version, "0.3.0.dev0+g1a2b3c4" between releases.
VersionInfoVersion={#FileVersion}
VersionInfoProductVersion={#FileVersion}
VersionInfoTextVersion={#AppVersion}
VersionInfoProductTextVersion={#AppVersion}
VersionInfoProductName={#AppName}
VersionInfoDescription={#AppName} Setup
AppPublisher=Hearts Desktop developers
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
; Windows 10 or 11, as the README says: older ones get a clear message instead of a game
; that fails to start (Python 3.11 needs Windows 8.1; pygame-ce and SDL are tested on 10).
MinVersion=10.0
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExeName}
UninstallDisplayName={#AppName}
WizardStyle=modern
Compression=lzma2/max
SolidCompression=yes

[Languages]
; The installer speaks the languages the game does, in the translations Inno Setup ships;
; it follows Windows' own language (LanguageDetectionMethod's default, uilanguage).
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "german"; MessagesFile: "compiler:Languages\German.isl"
Name: "french"; MessagesFile: "compiler:Languages\French.isl"
Name: "spanish"; MessagesFile: "compiler:Languages\Spanish.isl"
Name: "italian"; MessagesFile: "compiler:Languages\Italian.isl"
Name: "brazilianportuguese"; MessagesFile: "compiler:Languages\BrazilianPortuguese.isl"
Name: "dutch"; MessagesFile: "compiler:Languages\Dutch.isl"
Name: "polish"; MessagesFile: "compiler:Languages\Polish.isl"
Name: "russian"; MessagesFile: "compiler:Languages\Russian.isl"
Name: "hebrew"; MessagesFile: "compiler:Languages\Hebrew.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExeName}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

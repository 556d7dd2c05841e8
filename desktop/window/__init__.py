"""The main window and what it runs: menus, the table features, files, recent files, the user library."""

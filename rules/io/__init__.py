"""Reading and writing files: scene JSON, one-file `.fivefoot` scenes, Universal VTT imports."""

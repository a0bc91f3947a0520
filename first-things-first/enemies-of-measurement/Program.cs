// Post 2, "Enemies of Measurement": six benchmark classes (E1_..E6_), one enemy each. See README.md.
return EnemiesOfMeasurement.CommandLine.EnemiesProgram.Run(args);

using CoordinatedOmission;
using MeasurementLab;

// Not a BenchmarkDotNet program: a console simulation. The report goes to stdout, progress to stderr.
return LabEntryPoint.RunSubCommand(SimulationCommand.Create(Console.Out, Console.Error), args);

using LabReport;

return LabReportProgram.Run(args, Console.Out, Console.Error);

return MeasurementLab.LabEntryPoint.Run(args, typeof(Program).Assembly, config: null);

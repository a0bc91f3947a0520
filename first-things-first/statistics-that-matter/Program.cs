// Post 4, "Statistics That Matter": the three benchmark classes (NoisyComparison, EffectSizeDemo, MicroVsMacro)
// run through BenchmarkDotNet; `check` applies the post's checklist to the JSON reports they write.
return MeasurementLab.LabEntryPoint.Run(args, typeof(StatisticsThatMatter.NoisyComparison).Assembly, config: null,
    StatisticsThatMatter.Checklist.CheckCommand.Create());

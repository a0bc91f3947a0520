Console.Error.WriteLine("coordinated-omission: not built yet (see the open issue).");
return 1;

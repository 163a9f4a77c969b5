// CioInternalCommon: Customer.io's common module, under the module name an extension imports, for the
// configuration's types an app names itself. The helper itself is SDKProfiles'.
public import SDKProfiles

/// `.logLevel(.debug)`: nothing is logged here.
public typealias CioLogLevel = SDKProfiles.CioLogLevel

/// `.region(.EU)`: the workspace's data center, which the simulated network does not reach.
public typealias Region = SDKProfiles.CustomerIORegion

/// `trackMetric(deliveryID:event:deviceToken:)`'s event.
public typealias Metric = SDKProfiles.CustomerIOMetric

/*
 * A Vulkan layer that lets Dawn accept Mesa's lavapipe (llvmpipe), the only software adapter here with shader-f16.
 *
 * Dawn refuses a Vulkan device without shader{Sampled,Storage}ImageArrayDynamicIndexing; lavapipe 22.3 (Debian 12)
 * lacks those two, though it has shaderFloat16 and 16-bit storage. Our compute shaders never index arrays of images,
 * so this layer reports both features present, and clears them from the features Dawn asks for while it creates the
 * device (lavapipe would refuse a feature it lacks), restoring Dawn's values after. Everything else passes through.
 * Loaded for tests and benchmarks only, through VK_LAYER_PATH and VK_INSTANCE_LAYERS (see lavapipe.ts).
 */
#include <string.h>
#include <vulkan/vk_layer.h>
#include <vulkan/vulkan.h>

static PFN_vkGetInstanceProcAddr next_instance_proc;
static PFN_vkGetDeviceProcAddr next_device_proc;
static PFN_vkGetPhysicalDeviceFeatures next_features;
static PFN_vkGetPhysicalDeviceFeatures2 next_features2;

static void set_image_indexing(VkPhysicalDeviceFeatures *f, VkBool32 on) {
  f->shaderSampledImageArrayDynamicIndexing = on;
  f->shaderStorageImageArrayDynamicIndexing = on;
}

static VKAPI_ATTR void VKAPI_CALL layer_GetPhysicalDeviceFeatures(VkPhysicalDevice pd, VkPhysicalDeviceFeatures *f) {
  next_features(pd, f);
  set_image_indexing(f, VK_TRUE);
}

static VKAPI_ATTR void VKAPI_CALL layer_GetPhysicalDeviceFeatures2(VkPhysicalDevice pd, VkPhysicalDeviceFeatures2 *f) {
  next_features2(pd, f);
  set_image_indexing(&f->features, VK_TRUE);
}

static VKAPI_ATTR VkResult VKAPI_CALL layer_CreateInstance(const VkInstanceCreateInfo *info,
                                                           const VkAllocationCallbacks *alloc, VkInstance *out) {
  VkLayerInstanceCreateInfo *link = (VkLayerInstanceCreateInfo *)info->pNext;
  while (link && !(link->sType == VK_STRUCTURE_TYPE_LOADER_INSTANCE_CREATE_INFO && link->function == VK_LAYER_LINK_INFO))
    link = (VkLayerInstanceCreateInfo *)link->pNext;
  if (!link) return VK_ERROR_INITIALIZATION_FAILED;
  next_instance_proc = link->u.pLayerInfo->pfnNextGetInstanceProcAddr;
  link->u.pLayerInfo = link->u.pLayerInfo->pNext;
  VkResult r = ((PFN_vkCreateInstance)next_instance_proc(NULL, "vkCreateInstance"))(info, alloc, out);
  if (r != VK_SUCCESS) return r;
  next_features = (PFN_vkGetPhysicalDeviceFeatures)next_instance_proc(*out, "vkGetPhysicalDeviceFeatures");
  next_features2 = (PFN_vkGetPhysicalDeviceFeatures2)next_instance_proc(*out, "vkGetPhysicalDeviceFeatures2");
  if (!next_features2)
    next_features2 = (PFN_vkGetPhysicalDeviceFeatures2)next_instance_proc(*out, "vkGetPhysicalDeviceFeatures2KHR");
  return r;
}

static VKAPI_ATTR VkResult VKAPI_CALL layer_CreateDevice(VkPhysicalDevice pd, const VkDeviceCreateInfo *info,
                                                         const VkAllocationCallbacks *alloc, VkDevice *out) {
  VkLayerDeviceCreateInfo *link = (VkLayerDeviceCreateInfo *)info->pNext;
  while (link && !(link->sType == VK_STRUCTURE_TYPE_LOADER_DEVICE_CREATE_INFO && link->function == VK_LAYER_LINK_INFO))
    link = (VkLayerDeviceCreateInfo *)link->pNext;
  if (!link) return VK_ERROR_INITIALIZATION_FAILED;
  PFN_vkGetInstanceProcAddr instance_proc = link->u.pLayerInfo->pfnNextGetInstanceProcAddr;
  next_device_proc = link->u.pLayerInfo->pfnNextGetDeviceProcAddr;
  link->u.pLayerInfo = link->u.pLayerInfo->pNext;
  /* The features Dawn enables come either as pEnabledFeatures or inside a VkPhysicalDeviceFeatures2 in pNext. */
  VkPhysicalDeviceFeatures *wanted = (VkPhysicalDeviceFeatures *)info->pEnabledFeatures;
  for (VkBaseOutStructure *s = (VkBaseOutStructure *)info->pNext; !wanted && s; s = s->pNext)
    if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2) wanted = &((VkPhysicalDeviceFeatures2 *)s)->features;
  VkPhysicalDeviceFeatures asked = wanted ? *wanted : (VkPhysicalDeviceFeatures){0};
  if (wanted) set_image_indexing(wanted, VK_FALSE);
  VkResult r = ((PFN_vkCreateDevice)instance_proc(NULL, "vkCreateDevice"))(pd, info, alloc, out);
  if (wanted) *wanted = asked;
  return r;
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL layer_GetDeviceProcAddr(VkDevice device, const char *name) {
  if (!strcmp(name, "vkGetDeviceProcAddr")) return (PFN_vkVoidFunction)layer_GetDeviceProcAddr;
  return next_device_proc(device, name);
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL layer_GetInstanceProcAddr(VkInstance instance, const char *name) {
  if (!strcmp(name, "vkGetInstanceProcAddr")) return (PFN_vkVoidFunction)layer_GetInstanceProcAddr;
  if (!strcmp(name, "vkGetDeviceProcAddr")) return (PFN_vkVoidFunction)layer_GetDeviceProcAddr;
  if (!strcmp(name, "vkCreateInstance")) return (PFN_vkVoidFunction)layer_CreateInstance;
  if (!strcmp(name, "vkCreateDevice")) return (PFN_vkVoidFunction)layer_CreateDevice;
  if (!strcmp(name, "vkGetPhysicalDeviceFeatures")) return (PFN_vkVoidFunction)layer_GetPhysicalDeviceFeatures;
  if (!strcmp(name, "vkGetPhysicalDeviceFeatures2") || !strcmp(name, "vkGetPhysicalDeviceFeatures2KHR"))
    return (PFN_vkVoidFunction)layer_GetPhysicalDeviceFeatures2;
  return next_instance_proc ? next_instance_proc(instance, name) : NULL;
}

VK_LAYER_EXPORT VKAPI_ATTR VkResult VKAPI_CALL vkNegotiateLoaderLayerInterfaceVersion(VkNegotiateLayerInterface *v) {
  if (v->loaderLayerInterfaceVersion > 2) v->loaderLayerInterfaceVersion = 2;
  v->pfnGetInstanceProcAddr = layer_GetInstanceProcAddr;
  v->pfnGetDeviceProcAddr = layer_GetDeviceProcAddr;
  v->pfnGetPhysicalDeviceProcAddr = NULL;
  return VK_SUCCESS;
}
